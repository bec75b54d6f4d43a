/**
 * `system_errors` (admin.md 3: id, error_type, error_message, page_url, error_stack, created_at,
 * resolved, resolved_by; plus count, remote, version, fingerprint, user agent, source and the
 * last time it was seen). A row is an **issue**: every report with its
 * fingerprint is counted into it, whatever its age or version; `system_error_events` keeps the
 * newest occurrences, `system_error_versions` the counts per version and `system_error_users`
 * who was affected (migration Migration20261127100000_error_issues).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ERROR_ISSUE_STATUSES, ERROR_LEVELS, SYSTEM_ERROR_SOURCES, type Breadcrumb, type StackFrameDto } from '@prata/contracts';
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
    /** sha256 (hex) of type, message template, top in-app frames and remote (issue-grouping.ts). */
    fingerprint: p.string().length(64).unique(),
    count: p.integer().default(1),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    lastSeenAt: p.datetime().onCreate(() => new Date()).index(),
    resolved: p.boolean().default(false).index(),
    /** The report carried a canary report token the server issued for its remote and version. */
    verified: p.boolean().default(false),
    resolvedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    resolvedAt: p.datetime().nullable(),
    /** `unresolved`, `resolved` or `ignored`; `resolved` mirrors `status === 'resolved'`. */
    status: p.enum(ERROR_ISSUE_STATUSES).default('unresolved').index(),
    level: p.enum(ERROR_LEVELS).default('error'),
    /** Versions seen, oldest first. */
    versions: p.array().default([]),
    /** Versions seen when it was last resolved: an event from any other version reopens it. */
    resolvedVersions: p.array().default([]),
    usersAffected: p.integer().default(0),
    regression: p.boolean().default(false),
    /** When it last came back after being resolved (the `regression` alert counts these). */
    regressedAt: p.datetime().nullable(),
  },
});
export class SystemError extends SystemErrorSchema.class {}
SystemErrorSchema.setClass(SystemError);

/** `system_error_events`: the newest ERROR_EVENTS_KEPT (contracts) occurrences of each issue. */
export const SystemErrorEventSchema = defineEntity({
  name: 'SystemErrorEvent',
  tableName: 'system_error_events',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    issue: () => p.manyToOne(SystemError).deleteRule('cascade').index(),
    occurredAt: p.datetime(),
    version: p.string().length(60).nullable(),
    level: p.enum(ERROR_LEVELS),
    message: p.text(),
    pageUrl: p.text().nullable(),
    userAgent: p.text().nullable(),
    /** The stack as mapped (source maps) when it could be, else as reported. */
    stack: p.text().nullable(),
    /** Parsed (and mapped) frames, top first. */
    frames: p.json<StackFrameDto[]>(),
    /** W3C trace id of the request it came from, or null. */
    traceId: p.string().length(32).nullable(),
    breadcrumbs: p.json<Breadcrumb[]>(),
    /**
     * Who reported it, as `system_error_users` keys it (the SHA-256 of a signed-in user's id or
     * of a tab session id), or null: what an account's erasure finds its events by.
     */
    userKey: p.string().length(64).nullable().index(),
    /** SHA-256 of the tab's error session id it came with (also when signed in), or null: what feedback is linked by. */
    sessionKey: p.string().length(64).nullable().index(),
  },
});
export class SystemErrorEvent extends SystemErrorEventSchema.class {}
SystemErrorEventSchema.setClass(SystemErrorEvent);

/** `system_error_versions`: reports per issue, version, canary verification and minute (stats, canary guard, error alert). */
export const SystemErrorVersionSchema = defineEntity({
  name: 'SystemErrorVersion',
  tableName: 'system_error_versions',
  indexes: [{ properties: ['version', 'lastSeenAt'], name: 'system_error_versions_version_index' }],
  properties: {
    issue: () => p.manyToOne(SystemError).primary().deleteRule('cascade'),
    /** '' when the report named no version. */
    version: p.string().length(60).primary(),
    verified: p.boolean().primary(),
    minute: p.datetime().primary(),
    count: p.integer(),
    firstSeenAt: p.datetime(),
    lastSeenAt: p.datetime(),
  },
});
export class SystemErrorVersion extends SystemErrorVersionSchema.class {}
SystemErrorVersionSchema.setClass(SystemErrorVersion);

/** `system_error_users`: who an issue affected (sha256 of a user id or a tab session id), once each. */
export const SystemErrorUserSchema = defineEntity({
  name: 'SystemErrorUser',
  tableName: 'system_error_users',
  properties: {
    issue: () => p.manyToOne(SystemError).primary().deleteRule('cascade'),
    userKey: p.string().length(64).primary(),
  },
});
export class SystemErrorUser extends SystemErrorUserSchema.class {}
SystemErrorUserSchema.setClass(SystemErrorUser);
