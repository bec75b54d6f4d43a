/** `GET /api/admin/failed-emails`: e-mails whose every delivery attempt failed, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { failedEmailPageSchema, type FailedEmailPage } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getFailedEmails(signal?: AbortSignal): Promise<FailedEmailPage> {
  return apiRequest('/api/admin/failed-emails', failedEmailPageSchema, signal ? { signal } : {});
}

export function getFailedEmailsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.failedEmails, queryFn: ({ signal }) => getFailedEmails(signal) });
}

export function useFailedEmails() {
  return useQuery(getFailedEmailsQueryOptions());
}
