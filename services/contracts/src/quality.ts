/**
 * System status and QA contracts (admin.md 2 "Admin QA page", "System status panel", 3 "QA
 * issue", "Health check result", 8 health texts, 9 quality constants).
 */
import { z } from 'zod';

/** Health check result (admin.md 3): status success | error | warning | pending. */
export const HEALTH_STATUSES = ['success', 'error', 'warning', 'pending'] as const;
export const healthCheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(HEALTH_STATUSES),
  message: z.string(),
  details: z.string().nullable(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;
export const systemStatusSchema = z.object({ checkedAt: z.iso.datetime({ offset: true }), checks: z.array(healthCheckSchema) });
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** Badge text of each health status (admin.md 2). */
export const HEALTH_BADGES: Readonly<Record<HealthCheck['status'], string>> = { success: 'OK', error: 'ERRO', warning: 'AVISO', pending: 'VERIFICANDO' };

export const QA_ISSUE_TYPES = ['error', 'warning', 'info'] as const;
export const QA_ISSUE_STATUSES = ['open', 'resolved', 'ignored'] as const;
export const QA_ISSUE_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;

/** API responses slower than this are a QA finding, ms (admin.md 9 "slow load over 3000 ms"). */
export const QA_SLOW_MS = 3000;

export const qaIssueSchema = z.object({
  id: z.uuid(),
  type: z.enum(QA_ISSUE_TYPES),
  component: z.string(),
  description: z.string(),
  status: z.enum(QA_ISSUE_STATUSES),
  priority: z.enum(QA_ISSUE_PRIORITIES),
  createdAt: z.iso.datetime({ offset: true }),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type QaIssue = z.infer<typeof qaIssueSchema>;
export const qaIssueListSchema = z.array(qaIssueSchema);

/** QA stats (admin.md 3): total, open, critical, resolved. */
export interface QaStats {
  total: number;
  open: number;
  critical: number;
  resolved: number;
}

/** Counts the four QA counters; `critical` counts open critical issues. */
export function qaStats(issues: readonly Pick<QaIssue, 'status' | 'priority'>[]): QaStats {
  return {
    total: issues.length,
    open: issues.filter((issue) => issue.status === 'open').length,
    critical: issues.filter((issue) => issue.status === 'open' && issue.priority === 'critical').length,
    resolved: issues.filter((issue) => issue.status === 'resolved').length,
  };
}

/** `POST /api/admin/qa/runs` answer: how many checks ran, the issues found, the whole list. */
export const qaRunResultSchema = z.object({ checked: z.number().int().nonnegative(), found: z.number().int().nonnegative(), issues: qaIssueListSchema });
export type QaRunResult = z.infer<typeof qaRunResultSchema>;

/** `PATCH /api/admin/qa/issues/:id`: 'Resolver' or 'Ignorar'. */
export const qaIssueUpdateSchema = z.object({ status: z.enum(['resolved', 'ignored'], { error: 'Status inválido' }) });
