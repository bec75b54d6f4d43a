/**
 * Every migration of the service, in order. `npm run db:migration:create -- <name>` writes a new
 * file here; add it to this list (explicit lists keep type-stripped Node and bundlers happy).
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121100537_catalogue } from './Migration20261121100537_catalogue.ts';
import { Migration20261121120000_content } from './Migration20261121120000_content.ts';
import { Migration20261121130000_identity } from './Migration20261121130000_identity.ts';
import { Migration20261121140000_reservations } from './Migration20261121140000_reservations.ts';
import { Migration20261121150000_orders } from './Migration20261121150000_orders.ts';
import { Migration20261123100000_security } from './Migration20261123100000_security.ts';
import { Migration20261123200000_realtime } from './Migration20261123200000_realtime.ts';
import { Migration20261123300000_admin_panel } from './Migration20261123300000_admin_panel.ts';
import { Migration20261123400000_orders_payments } from './Migration20261123400000_orders_payments.ts';
import { Migration20261123600000_remote_releases } from './Migration20261123600000_remote_releases.ts';
import { Migration20261123600100_remote_canaries } from './Migration20261123600100_remote_canaries.ts';
import { Migration20261123600200_remote_canary_clients } from './Migration20261123600200_remote_canary_clients.ts';
import { Migration20261123700000_catalogue_notify } from './Migration20261123700000_catalogue_notify.ts';
import { Migration20261123800000_outbox_dispatch } from './Migration20261123800000_outbox_dispatch.ts';
import { Migration20261125100000_shared_state } from './Migration20261125100000_shared_state.ts';
import { Migration20261125110000_launch_hardening } from './Migration20261125110000_launch_hardening.ts';
import { Migration20261126100000_release_weight } from './Migration20261126100000_release_weight.ts';
import { Migration20261126200000_staff_two_factor } from './Migration20261126200000_staff_two_factor.ts';
import { Migration20261126210000_mail_retries_on_jobs } from './Migration20261126210000_mail_retries_on_jobs.ts';
import { Migration20261127100000_error_issues } from './Migration20261127100000_error_issues.ts';
import { Migration20261127110000_release_health } from './Migration20261127110000_release_health.ts';
import { Migration20261127130000_store_settings } from './Migration20261127130000_store_settings.ts';
import { Migration20261127140000_low_stock_threshold } from './Migration20261127140000_low_stock_threshold.ts';
import { Migration20261127200000_saved_addresses } from './Migration20261127200000_saved_addresses.ts';
import { Migration20261127210000_product_page } from './Migration20261127210000_product_page.ts';
import { Migration20261128100000_variants } from './Migration20261128100000_variants.ts';
import { Migration20261128110000_back_in_stock } from './Migration20261128110000_back_in_stock.ts';
import { Migration20261128120000_product_text_search } from './Migration20261128120000_product_text_search.ts';
import { Migration20261128130000_product_status } from './Migration20261128130000_product_status.ts';
import { Migration20261128150000_freight } from './Migration20261128150000_freight.ts';
import { Migration20261128150100_pix_discount } from './Migration20261128150100_pix_discount.ts';
import { Migration20261128160000_coupons } from './Migration20261128160000_coupons.ts';
import { Migration20261129100000_order_pricing } from './Migration20261129100000_order_pricing.ts';
import { Migration20261129120000_returns } from './Migration20261129120000_returns.ts';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121100537_catalogue', class: Migration20261121100537_catalogue },
  { name: 'Migration20261121120000_content', class: Migration20261121120000_content },
  { name: 'Migration20261121130000_identity', class: Migration20261121130000_identity },
  { name: 'Migration20261121140000_reservations', class: Migration20261121140000_reservations },
  { name: 'Migration20261121150000_orders', class: Migration20261121150000_orders },
  { name: 'Migration20261123100000_security', class: Migration20261123100000_security },
  { name: 'Migration20261123200000_realtime', class: Migration20261123200000_realtime },
  { name: 'Migration20261123300000_admin_panel', class: Migration20261123300000_admin_panel },
  { name: 'Migration20261123400000_orders_payments', class: Migration20261123400000_orders_payments },
  { name: 'Migration20261123600000_remote_releases', class: Migration20261123600000_remote_releases },
  { name: 'Migration20261123600100_remote_canaries', class: Migration20261123600100_remote_canaries },
  { name: 'Migration20261123600200_remote_canary_clients', class: Migration20261123600200_remote_canary_clients },
  { name: 'Migration20261123700000_catalogue_notify', class: Migration20261123700000_catalogue_notify },
  { name: 'Migration20261123800000_outbox_dispatch', class: Migration20261123800000_outbox_dispatch },
  { name: 'Migration20261125100000_shared_state', class: Migration20261125100000_shared_state },
  { name: 'Migration20261125110000_launch_hardening', class: Migration20261125110000_launch_hardening },
  { name: 'Migration20261126100000_release_weight', class: Migration20261126100000_release_weight },
  { name: 'Migration20261126200000_staff_two_factor', class: Migration20261126200000_staff_two_factor },
  { name: 'Migration20261126210000_mail_retries_on_jobs', class: Migration20261126210000_mail_retries_on_jobs },
  { name: 'Migration20261127100000_error_issues', class: Migration20261127100000_error_issues },
  { name: 'Migration20261127110000_release_health', class: Migration20261127110000_release_health },
  { name: 'Migration20261127130000_store_settings', class: Migration20261127130000_store_settings },
  { name: 'Migration20261127140000_low_stock_threshold', class: Migration20261127140000_low_stock_threshold },
  { name: 'Migration20261127200000_saved_addresses', class: Migration20261127200000_saved_addresses },
  { name: 'Migration20261127210000_product_page', class: Migration20261127210000_product_page },
  { name: 'Migration20261128100000_variants', class: Migration20261128100000_variants },
  { name: 'Migration20261128110000_back_in_stock', class: Migration20261128110000_back_in_stock },
  { name: 'Migration20261128120000_product_text_search', class: Migration20261128120000_product_text_search },
  { name: 'Migration20261128130000_product_status', class: Migration20261128130000_product_status },
  { name: 'Migration20261128150000_freight', class: Migration20261128150000_freight },
  { name: 'Migration20261128150100_pix_discount', class: Migration20261128150100_pix_discount },
  { name: 'Migration20261128160000_coupons', class: Migration20261128160000_coupons },
  { name: 'Migration20261129100000_order_pricing', class: Migration20261129100000_order_pricing },
  { name: 'Migration20261129120000_returns', class: Migration20261129120000_returns },
];
