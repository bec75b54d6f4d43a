/** An issue (a `system_errors` row) as the contracts show it to the developer area and in its events. */
import type { SystemErrorDto } from '@prata/contracts';
import type { SystemError } from './system-error.entity.ts';

/** The contracts' view of an issue: dates as ISO strings, the resolving developer by id. */
export function toSystemErrorDto(row: SystemError): SystemErrorDto {
  return {
    id: row.id,
    errorType: row.errorType,
    errorMessage: row.errorMessage,
    pageUrl: row.pageUrl ?? null,
    errorStack: row.errorStack ?? null,
    userAgent: row.userAgent ?? null,
    remote: row.remote ?? null,
    version: row.version ?? null,
    source: row.source,
    fingerprint: row.fingerprint,
    count: row.count,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolved: row.resolved,
    resolvedBy: row.resolvedBy?.id ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    status: row.status,
    level: row.level,
    versions: [...row.versions],
    usersAffected: row.usersAffected,
    regression: row.regression,
  };
}
