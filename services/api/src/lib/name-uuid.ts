/**
 * Stable UUIDs for things that have a name but no row id of their own, used as the aggregate id
 * of their domain events (the outbox's `aggregate_id` is a uuid): a remote, the store's settings,
 * the social links. Name-based (RFC 9562 section 5.5, version 5: SHA-1 of `prata-<kind>:<name>`),
 * so every process and every restart computes the same id.
 */
import { createHash } from 'node:crypto';

/** The version 5 UUID of `<kind>:<name>` (e.g. `remote`, `storefront`). */
export function nameBasedUuid(kind: string, name: string): string {
  const hex = createHash('sha1').update(`prata-${kind}:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A stable UUID (v5 layout: SHA-1 of `prata925:<key>`) for a queued job's key: one job per key,
 * whoever enqueues it (jobs/job-runner.ts; pg-boss job ids are UUIDs).
 */
export function stableJobId(key: string): string {
  const hex = createHash('sha1').update(`prata925:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
