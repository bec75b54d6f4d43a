/**
 * MikroORM configuration: every entity listed explicitly, migrations listed explicitly (no
 * file-system discovery, no schema sync at runtime), seeding through @mikro-orm/seeder.
 */
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { SavedAddressSchema } from '../modules/addresses/index.ts';
import { AdminLogSchema } from '../modules/audit/index.ts';
import { StockSubscriptionSchema } from '../modules/back-in-stock/index.ts';
import { CartRecoveryMessageSchema, ShopperCartSchema } from '../modules/carts/index.ts';
import { ProductSchema, ProductImageSchema, ProductReservationSchema, ProductVariantSchema } from '../modules/catalogue/index.ts';
import {
  AdminRegistrationSchema,
  MfaChallengeSchema,
  OneTimeTokenSchema,
  OwnerSetupTokenSchema,
  ProfileSchema,
  RecoveryCodeSchema,
  RefreshTokenSchema,
  UserRoleSchema,
  UserSchema,
} from '../modules/identity/index.ts';
import { OutboxEmailSchema } from '../mail/outbox-email.entity.ts';
import { DomainEventRecordSchema } from '../events/domain-event.entity.ts';
import { InvoiceSchema } from '../modules/invoices/index.ts';
import { OrderMessageSchema } from '../modules/messaging/index.ts';
import { CarrierWebhookReceiptSchema, ShipmentSchema } from '../modules/fulfilment/index.ts';
import { OrderItemSchema, OrderSchema, OrderStatusChangeSchema } from '../modules/orders/index.ts';
import { PaymentNotificationSchema, SandboxPaymentSchema } from '../modules/payments/index.ts';
import { StoreCreditEntrySchema } from '../modules/store-credit/index.ts';
import { ContentSectionSchema, SocialLinkSchema } from '../modules/content/index.ts';
import { SearchNormalizeRoutine } from '../modules/search/index.ts';
import { StoreSettingsSchema } from '../modules/settings/index.ts';
import { FreightRateSchema } from '../modules/shipping/index.ts';
import { CouponRedemptionSchema, CouponSchema } from '../modules/promotions/index.ts';
import { ReturnCodeSchema, ReturnRequestLineSchema, ReturnRequestSchema } from '../modules/returns/index.ts';
import { ReviewRequestMailSchema, ReviewSchema } from '../modules/reviews/index.ts';
import { ShopperFeedbackSchema, SourceMapSchema, SystemErrorEventSchema, SystemErrorReplaySchema, SystemErrorSchema, SystemErrorUserSchema, SystemErrorVersionSchema } from '../modules/system-errors/index.ts';
import { NotificationSchema, NotificationStateSchema } from '../modules/notifications/index.ts';
import { AlertFiringRecordSchema, AlertRuleRecordSchema, JobRunRecordSchema, UptimeCheckRecordSchema } from '../modules/monitoring/index.ts';
import { CatalogueFeedSchema } from '../modules/feeds/index.ts';
import { ConsentRecordSchema } from '../modules/consent/index.ts';
import { AnalyticsDeliverySchema } from '../modules/analytics/index.ts';
import { QaIssueSchema } from '../modules/quality/index.ts';
import { ReleaseSessionSchema, RemoteActivationSchema, RemoteCanaryClientSchema, RemoteCanarySchema, RemoteReleaseSchema, WebVitalSampleSchema } from '../modules/platform/index.ts';
import { migrationsList } from '../database/migrations/index.ts';
import { releaseDeadConnections } from '../database/pool-guard.ts';
import { TracingLogger } from '../telemetry/tracing.ts';

/** All entities of the service. */
export const ENTITIES = [
  ProductSchema,
  ProductImageSchema,
  ProductVariantSchema,
  ContentSectionSchema,
  SocialLinkSchema,
  UserSchema,
  ProfileSchema,
  SavedAddressSchema,
  UserRoleSchema,
  RefreshTokenSchema,
  OneTimeTokenSchema,
  RecoveryCodeSchema,
  AdminRegistrationSchema,
  AdminLogSchema,
  OutboxEmailSchema,
  ProductReservationSchema,
  StockSubscriptionSchema,
  ShopperCartSchema,
  CartRecoveryMessageSchema,
  OrderSchema,
  OrderItemSchema,
  OrderStatusChangeSchema,
  PaymentNotificationSchema,
  SandboxPaymentSchema,
  InvoiceSchema,
  OrderMessageSchema,
  ShipmentSchema,
  CarrierWebhookReceiptSchema,
  DomainEventRecordSchema,
  MfaChallengeSchema,
  OwnerSetupTokenSchema,
  SystemErrorSchema,
  SystemErrorEventSchema,
  SystemErrorVersionSchema,
  SystemErrorUserSchema,
  SystemErrorReplaySchema,
  ShopperFeedbackSchema,
  SourceMapSchema,
  NotificationSchema,
  NotificationStateSchema,
  QaIssueSchema,
  RemoteReleaseSchema,
  RemoteActivationSchema,
  RemoteCanarySchema,
  WebVitalSampleSchema,
  ReleaseSessionSchema,
  RemoteCanaryClientSchema,
  StoreSettingsSchema,
  FreightRateSchema,
  CouponSchema,
  CouponRedemptionSchema,
  ReturnRequestSchema,
  ReturnRequestLineSchema,
  ReviewSchema,
  ReviewRequestMailSchema,
  ReturnCodeSchema,
  StoreCreditEntrySchema,
  JobRunRecordSchema,
  UptimeCheckRecordSchema,
  CatalogueFeedSchema,
  AlertRuleRecordSchema,
  AlertFiringRecordSchema,
  ConsentRecordSchema,
  AnalyticsDeliverySchema,
];

/** Builds the ORM options for a `postgres://` URL. `debug` logs SQL. */
export function ormConfig(clientUrl: string, debug = false): Options {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    routines: [SearchNormalizeRoutine],
    debug,
    // One span per SQL query under the active request or job span (telemetry/tracing.ts).
    loggerFactory: TracingLogger.factory,
    extensions: [Migrator, SeedManager],
    migrations: {
      migrationsList,
      path: new URL('../database/migrations', import.meta.url).pathname,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: 10 },
    // pg.Pool options: a request waits at most 5 s for a connection (a database that hangs, or
    // a pool exhausted under load, answers 503 instead of holding the request forever), and TCP
    // keep-alive notices a server that vanished without closing its sockets; connections that die
    // inside a transaction go back to the pool (database/pool-guard.ts).
    driverOptions: { connectionTimeoutMillis: 5000, keepAlive: true, onPoolCreated: releaseDeadConnections },
  });
}
