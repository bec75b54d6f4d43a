/**
 * Keeps the developer dashboard live (admin.md 4): system error events update the cached list
 * (a report moves its issue to the front, a resolution replaces it in place, a delete removes it) and refresh the stats; product and order events
 * refresh the stats; release activations (channel `releases`) refresh the Deployments
 * card and the release lists. A resync reloads everything from REST.
 */
import { useQueryClient } from '@tanstack/react-query';
import { SYSTEM_ERROR_EVENTS, systemErrorSchema, type SystemErrorDto } from '@prata/contracts';
import { useRealtimeChannel, useRealtimeInvalidate } from '@prata/shared-ui';
import { SYSTEM_ERRORS_KEY } from '../api/get-system-errors.ts';
import { DEVELOPER_STATS_KEY } from '../api/get-developer-stats.ts';
import { REMOTE_RELEASES_KEY } from '../api/get-remote-releases.ts';
import { recordSystemError, removeSystemError, upsertSystemError } from './system-error-list.ts';

const STATS_KEYS = [DEVELOPER_STATS_KEY] as const;
const RELEASE_KEYS = [REMOTE_RELEASES_KEY, ['developer', 'deployments']] as const;

export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  useRealtimeChannel(
    'system-errors',
    (event) => {
      if (event.event.endsWith('Deleted')) {
        queryClient.setQueryData<SystemErrorDto[]>(SYSTEM_ERRORS_KEY, (list) => removeSystemError(list ?? [], event.aggregateId));
      } else {
        const row = systemErrorSchema.safeParse(event.payload);
        const apply = event.event === SYSTEM_ERROR_EVENTS.recorded ? recordSystemError : upsertSystemError;
        if (row.success) queryClient.setQueryData<SystemErrorDto[]>(SYSTEM_ERRORS_KEY, (list) => apply(list ?? [], row.data));
      }
      void queryClient.invalidateQueries({ queryKey: DEVELOPER_STATS_KEY });
    },
    () => void queryClient.invalidateQueries({ queryKey: ['developer'] }),
  );
  useRealtimeInvalidate('products', STATS_KEYS);
  useRealtimeInvalidate('orders', STATS_KEYS);
  useRealtimeInvalidate('releases', RELEASE_KEYS);
}
