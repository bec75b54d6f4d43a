/** Keeps the issue list and issue page live: any event on the `system-errors` channel refreshes them. */
import { useRealtimeInvalidate } from '@prata/shared-ui/state';
import { ISSUES_KEY } from '../api/get-issues.ts';

const KEYS = [ISSUES_KEY] as const;

export function useLiveIssues(): void {
  useRealtimeInvalidate('system-errors', KEYS);
}
