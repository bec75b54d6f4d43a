/**
 * Product reservation (storefront.md 3, 4): a signed-in shopper's favourite holds one
 * unit for 30 minutes. Table `product_reservations`; a partial unique index allows at most one
 * active reservation per product and user.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { Product } from './product.entity.ts';
import { ProductVariant } from './product-variant.entity.ts';
import { User } from '../identity/index.ts';

export const ProductReservationSchema = defineEntity({
  name: 'ProductReservation',
  tableName: 'product_reservations',
  // Any change, by the service or behind its back (SQL, scripts), tells every service process
  // that the public catalogue lists may have changed (`NOTIFY prata_catalogue`, once per
  // transaction; catalogue-cache.ts).
  triggers: [{ name: 'product_reservations_catalogue_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_catalogue', ''); return null;" }],
  indexes: [{ properties: ['product', 'isActive', 'expiresAt'] }],
  uniques: [
    {
      name: 'product_reservations_one_active_per_user',
      expression: 'create unique index "product_reservations_one_active_per_user" on "product_reservations" ("product_id", "user_id") where "is_active"',
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    product: () => p.manyToOne(Product).deleteRule('cascade'),
    /** The variant held; null for a product without options. */
    variant: () => p.manyToOne(ProductVariant).nullable().deleteRule('set null').index(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    isActive: p.boolean().default(true),
    releasedAt: p.datetime().nullable(),
  },
});
export class ProductReservation extends ProductReservationSchema.class {}
ProductReservationSchema.setClass(ProductReservation);
