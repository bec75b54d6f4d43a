/**
 * Real-user measurements per remote version (migration Migration20261127110000_release_health):
 * - `web_vital_samples`: one metric of one page load for one app version on the page;
 * - `release_sessions`: a browser tab's session on an app version, and whether it crashed.
 * Written and aggregated with SQL by release-health.service.ts; the entities keep the schema known.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { VITALS_APPS, WEB_VITAL_NAMES } from '@prata/contracts';

export const WebVitalSampleSchema = defineEntity({
  name: 'WebVitalSample',
  tableName: 'web_vital_samples',
  indexes: [{ properties: ['app', 'version', 'occurredAt'], name: 'web_vital_samples_app_version_index' }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    occurredAt: p.datetime(),
    app: p.enum(VITALS_APPS),
    version: p.string().length(60),
    route: p.string().length(120),
    metric: p.enum(WEB_VITAL_NAMES),
    /** ms (CLS unitless). */
    value: p.double(),
    /** sha256 of the tab's session id. */
    sessionKey: p.string().length(64),
    /** sha256 hex of the client id its canary report token was issued to; null: no valid token, not counted by the canary guard. */
    canaryClient: p.string().length(64).nullable(),
  },
});
export class WebVitalSample extends WebVitalSampleSchema.class {}
WebVitalSampleSchema.setClass(WebVitalSample);

export const ReleaseSessionSchema = defineEntity({
  name: 'ReleaseSession',
  tableName: 'release_sessions',
  indexes: [{ properties: ['app', 'lastSeenAt'], name: 'release_sessions_app_last_seen_index' }],
  properties: {
    sessionKey: p.string().length(64).primary(),
    app: p.enum(VITALS_APPS).primary(),
    version: p.string().length(60).primary(),
    startedAt: p.datetime(),
    lastSeenAt: p.datetime(),
    crashed: p.boolean().default(false),
    /** sha256 of the browser's client id, when a beacon named it. */
    clientKey: p.string().length(64).nullable(),
    /** sha256 of the address key whose report marked it crashed (at most CRASHED_SESSIONS_PER_ADDRESS per address, version and day); null: none did. */
    crashAddress: p.string().length(64).nullable(),
  },
});
export class ReleaseSession extends ReleaseSessionSchema.class {}
ReleaseSessionSchema.setClass(ReleaseSession);
