/**
 * Remote releases: `remote_releases` (one row per published build of a remote: version,
 * manifest URL, SRI integrity of its entry, of its Node container and of each of its style
 * sheets, its initial weight
 * in bytes gzip, published_at, published_by, notes; unique per remote and version) and
 * `remote_activations` (history: every time a version became active, by whom and how). The active
 * version of a remote is the one of its newest activation (highest `id`); an activation without a
 * version hands the remote back to the bootstrap registry (file/env).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { REMOTE_NAMES } from '@prata/contracts';

export const RemoteReleaseSchema = defineEntity({
  name: 'RemoteRelease',
  tableName: 'remote_releases',
  uniques: [{ properties: ['remote', 'version'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    remote: p.enum(REMOTE_NAMES),
    version: p.string().length(64),
    manifestUrl: p.text(),
    /** `sha384-<base64>` of the remote's entry file (remoteEntry.js). */
    integrity: p.string().length(100),
    /** `sha384-<base64>` of its Node container (`server/remoteEntry.js`); null: no server build recorded. */
    serverIntegrity: p.string().length(100).nullable(),
    /** Style sheet name, as its manifest lists it -> `sha384-<base64>` of its bytes; null: recorded before sheets were hashed. */
    styleIntegrity: p.json<Record<string, string>>().nullable(),
    /** Initial JS of the build, bytes gzip (build-info.json `weight.jsGzip`); null: not recorded. */
    weightJsGzip: p.integer().nullable(),
    /** Initial CSS of the build, bytes gzip (`weight.cssGzip`); null: not recorded. */
    weightCssGzip: p.integer().nullable(),
    publishedAt: p.datetime().onCreate(() => new Date()),
    /** The developer's e-mail, or `cli:<os user>` when published by the command against the database. */
    publishedBy: p.string().length(200),
    notes: p.text().default(''),
  },
});
export class RemoteRelease extends RemoteReleaseSchema.class {}
RemoteReleaseSchema.setClass(RemoteRelease);

/** How a version became active. */
export const ACTIVATION_ACTIONS = ['publish', 'activate', 'rollback'] as const;

export const RemoteActivationSchema = defineEntity({
  name: 'RemoteActivation',
  tableName: 'remote_activations',
  indexes: [{ properties: ['remote', 'id'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    remote: p.enum(REMOTE_NAMES),
    /** The activated version; null: back to the bootstrap registry entry (file/env). */
    version: p.string().length(64).nullable(),
    action: p.enum(ACTIVATION_ACTIONS),
    activatedAt: p.datetime().onCreate(() => new Date()),
    activatedBy: p.string().length(200),
  },
});
export class RemoteActivation extends RemoteActivationSchema.class {}
RemoteActivationSchema.setClass(RemoteActivation);

/**
 * `remote_canaries`: at most one per remote: `percent` % of clients (by a
 * stable hash of their `prata_client` id) get `version` instead of the active one, until the
 * canary is promoted (activated), ended, or the remote is rolled back.
 */
export const RemoteCanarySchema = defineEntity({
  name: 'RemoteCanary',
  tableName: 'remote_canaries',
  properties: {
    remote: p.enum(REMOTE_NAMES).primary(),
    version: p.string().length(64),
    /** Share of clients, 1 to 99. */
    percent: p.integer(),
    startedAt: p.datetime().onCreate(() => new Date()),
    startedBy: p.string().length(200),
  },
});
export class RemoteCanary extends RemoteCanarySchema.class {}
RemoteCanarySchema.setClass(RemoteCanary);

/**
 * `remote_canary_clients` (automatic canary rollback, canary-guard.ts): the denominator of the
 * canary's error rate. One row per client id (`prata_client`) and version served while a canary of the
 * remote runs, written (insert, ignored when present) when `GET /api/remotes?client=` is
 * answered; cleared when a canary of the remote starts or ends.
 */
export const RemoteCanaryClientSchema = defineEntity({
  name: 'RemoteCanaryClient',
  tableName: 'remote_canary_clients',
  properties: {
    remote: p.enum(REMOTE_NAMES).primary(),
    /** The version this client was served (the canary's or the stable one). */
    version: p.string().length(64).primary(),
    /** The client id as sent: a host-signed one (contracts/client-id.ts) or a plain one. */
    clientId: p.string().length(128).primary(),
    /**
     * The address the client is counted under (at most CANARY_CLIENTS_PER_ADDRESS per address): the
     * asking address's key, or `host:<tag>` for an id the shell's host signed (the shopper's address, as a tag).
     */
    address: p.string().length(64).nullable(),
    firstSeenAt: p.datetime().onCreate(() => new Date()),
    /** When this client first reported an error of this version with a verified canary token; null: none. */
    erroredAt: p.datetime().nullable(),
  },
});
export class RemoteCanaryClient extends RemoteCanaryClientSchema.class {}
RemoteCanaryClientSchema.setClass(RemoteCanaryClient);
