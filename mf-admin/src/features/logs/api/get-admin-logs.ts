/**
 * `GET /api/admin/logs`: the newest 100 activity log rows (admin.md 3 admin_logs). The service
 * declares the row schema in its route; contracts has none yet, so this file assembles the
 * fields the list needs from contract pieces and keeps the rest (`details`, `ipAddress`) loose.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageSchema, profileSchema } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const adminLogSchema = profileSchema.pick({ id: true, createdAt: true }).extend({ action: messageSchema.shape.message }).loose();

export interface AdminLogRow {
  id: string;
  action: string;
  createdAt: string;
  details: Record<string, unknown>;
  ipAddress: string | null;
}

export async function getAdminLogs(signal?: AbortSignal): Promise<AdminLogRow[]> {
  const rows = await apiRequest('/api/admin/logs', adminLogSchema.array(), signal ? { signal } : {});
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    createdAt: row.createdAt,
    details: typeof row.details === 'object' && row.details !== null ? (row.details as Record<string, unknown>) : {},
    ipAddress: typeof row.ipAddress === 'string' ? row.ipAddress : null,
  }));
}

export function getAdminLogsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'logs'], queryFn: ({ signal }) => getAdminLogs(signal) });
}

export function useAdminLogs() {
  return useQuery(getAdminLogsQueryOptions());
}
