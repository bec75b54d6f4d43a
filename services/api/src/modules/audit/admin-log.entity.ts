/** Audit log `admin_logs` (admin.md 3): action, details (JSON), ip_address, user_agent, created_at. */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export const AdminLogSchema = defineEntity({
  name: 'AdminLog',
  tableName: 'admin_logs',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Who acted (null for anonymous attempts, e.g. a failed login with an unknown e-mail). */
    userId: p.uuid().nullable().index(),
    action: p.string().length(100).index(),
    details: p.json<Record<string, unknown>>(),
    ipAddress: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
  },
});
export class AdminLog extends AdminLogSchema.class {}
AdminLogSchema.setClass(AdminLog);
