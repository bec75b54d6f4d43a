/** `GET /api/developer/job-monitors`: every periodic job with its last run, next expected run and whether it is late. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobMonitorsSchema, type JobMonitors } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const JOB_MONITORS_KEY = ['developer', 'job-monitors'] as const;

export function getJobMonitors(signal?: AbortSignal): Promise<JobMonitors> {
  return apiRequest('/api/developer/job-monitors', jobMonitorsSchema, signal ? { signal } : {});
}

export function getJobMonitorsQueryOptions() {
  return queryOptions({ queryKey: JOB_MONITORS_KEY, queryFn: ({ signal }) => getJobMonitors(signal), refetchInterval: 30_000 });
}

export function useJobMonitors() {
  return useQuery(getJobMonitorsQueryOptions());
}
