/**
 * MikroORM configuration: every entity listed explicitly, migrations listed explicitly (no
 * file-system discovery, no schema sync at runtime), seeding through @mikro-orm/seeder.
 */
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { SeedManager } from '@mikro-orm/seeder';
import { AdminLogSchema } from '../modules/audit/admin-log.entity.ts';
import { ProductSchema } from '../modules/catalogue/product.entity.ts';
import {
  AdminRegistrationSchema,
  OneTimeTokenSchema,
  ProfileSchema,
  RecoveryCodeSchema,
  RefreshTokenSchema,
  UserRoleSchema,
  UserSchema,
} from '../modules/identity/identity.entities.ts';
import { OutboxEmailSchema } from '../modules/mail/outbox-email.entity.ts';
import { ProductReservationSchema } from '../modules/reservations/reservation.entity.ts';
import { DomainEventRecordSchema } from '../modules/events/domain-event.entity.ts';
import { OrderItemSchema, OrderSchema } from '../modules/orders/order.entities.ts';
import { ContentSectionSchema, SocialLinkSchema } from '../modules/content/content.entities.ts';
import { SystemErrorSchema } from '../modules/system-errors/system-error.entity.ts';
import { NotificationSchema, NotificationStateSchema } from '../modules/notifications/notification.entities.ts';
import { QaIssueSchema } from '../modules/quality/qa-issue.entity.ts';
import { migrationsList } from './migrations/index.ts';

/** All entities of the service. */
export const ENTITIES = [
  ProductSchema,
  ContentSectionSchema,
  SocialLinkSchema,
  UserSchema,
  ProfileSchema,
  UserRoleSchema,
  RefreshTokenSchema,
  OneTimeTokenSchema,
  RecoveryCodeSchema,
  AdminRegistrationSchema,
  AdminLogSchema,
  OutboxEmailSchema,
  ProductReservationSchema,
  OrderSchema,
  OrderItemSchema,
  DomainEventRecordSchema,
  SystemErrorSchema,
  NotificationSchema,
  NotificationStateSchema,
  QaIssueSchema,
];

/** Builds the ORM options for a `postgres://` URL. `debug` logs SQL. */
export function ormConfig(clientUrl: string, debug = false): Options {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    debug,
    extensions: [Migrator, SeedManager],
    migrations: {
      migrationsList,
      path: new URL('./migrations', import.meta.url).pathname,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: 10 },
  });
}
