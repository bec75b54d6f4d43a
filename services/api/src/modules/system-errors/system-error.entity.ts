/**
 * `system_errors` (admin.md 3: id, error_type, error_message, page_url, error_stack, created_at,
 * resolved, resolved_by; issue 11 adds count, remote, version, fingerprint, user agent, source
 * and the last time it was seen). Reports with the same fingerprint within the de-duplication
 * window increment `count` instead of adding a row.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { SYSTEM_ERROR_SOURCES } from '@prata/contracts';
import { User } from '../identity/index.ts';

export const SystemErrorSchema = defineEntity({
  name: 'SystemError',
  tableName: 'system_errors',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    errorType: p.string().length(100),
    errorMessage: p.text(),
    pageUrl: p.text().nullable(),
    errorStack: p.text().nullable(),
    userAgent: p.text().nullable(),
    /** Which part reported it: a remote's name, `shell` or `api`. */
    remote: p.string().length(40).nullable(),
    /** Build version of that part (registry/manifest version, or the API's). */
    version: p.string().length(60).nullable(),
    source: p.enum(SYSTEM_ERROR_SOURCES),
    /** sha256 (hex) of type, message, first stack frame and remote. */
    fingerprint: p.string().length(64).index(),
    count: p.integer().default(1),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    resolved: p.boolean().default(false).index(),
    /** The report carried a canary report token the server issued for its remote and version (issue 21). */
    verified: p.boolean().default(false),
    resolvedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    resolvedAt: p.datetime().nullable(),
  },
});
export class SystemError extends SystemErrorSchema.class {}
SystemErrorSchema.setClass(SystemError);
