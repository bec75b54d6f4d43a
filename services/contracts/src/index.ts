/** @prata/contracts: zod schemas and types shared by the service and every remote. */
export * from './catalogue.ts';
export * from './platform.ts';
export * from './content.ts';
export * from './auth.ts';
export * from './reservations.ts';
export * from './orders.ts';
export * from './admin.ts';
export * from './realtime.ts';
export * from './system-errors.ts';
export * from './notifications.ts';
export * from './quality.ts';
export * from './money.ts';
export * from './releases.ts';
export * from './remote-module.ts';
export * from './server-rendering.ts';
export * from './domain-events.ts';
export * from './domain-event-names.ts';
