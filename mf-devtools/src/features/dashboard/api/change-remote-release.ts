/**
 * The release changes of the Deployments card (canaries from the dashboard):
 * - `activate`: `POST /api/developer/remotes/:remote/activate { version }` (a version published
 *   without activation, or the running canary's: promotes it);
 * - `rollback`: `POST .../rollback { version? }` (ends a running canary first);
 * - `canary`: `POST .../canary { version, percent }` (1-99 % of clients, replacing a running canary);
 * - `end-canary`: `DELETE .../canary`.
 * The service checks the release first and answers 409 with the pt-BR reason when it must not go
 * live; success (the remote's state afterwards) and failure (the service's message) are told
 * with a toast. Each refreshes the release lists, the Deployments card and the composition map
 * (keys under `['developer', 'deployments']`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remoteReleaseListSchema, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import { toast } from '@prata/shared-ui';
import { apiRequest } from '../../../lib/api-client.ts';
import { REMOTE_RELEASES_KEY } from './get-remote-releases.ts';

/** Share of clients a new canary is offered with, % (the release command's examples use 10). */
export const DEFAULT_CANARY_PERCENT = 10;

export type ReleaseChange =
  | { remote: RemoteName; action: 'activate'; version: string }
  | { remote: RemoteName; action: 'rollback'; version?: string }
  | { remote: RemoteName; action: 'canary'; version: string; percent: number }
  | { remote: RemoteName; action: 'end-canary' };

/** Sends `change` to the service; resolves with the remote's releases afterwards. @throws ApiRequestError with the service's pt-BR message. */
export function changeRemoteRelease(change: ReleaseChange): Promise<RemoteReleaseList> {
  const base = `/api/developer/remotes/${change.remote}`;
  if (change.action === 'end-canary') return apiRequest(`${base}/canary`, remoteReleaseListSchema, { method: 'DELETE' });
  const { remote: _remote, action, ...body } = change;
  return apiRequest(`${base}/${action}`, remoteReleaseListSchema, { method: 'POST', body });
}

export function useChangeRemoteRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRemoteRelease,
    onSuccess: (list) => {
      queryClient.setQueryData([...REMOTE_RELEASES_KEY, list.remote], list);
      void queryClient.invalidateQueries({ queryKey: ['developer', 'deployments'] });
      const canary = list.canary ? ` · canário ${list.canary.version} em ${list.canary.percent}%` : '';
      toast.success(`${list.remote}: ${list.active ? `versão ${list.active} ativa` : 'versão de base do registro ativa'}${canary}`);
    },
    onError: (error) => toast.error('A versão não foi alterada', { description: error instanceof Error ? error.message : String(error) }),
  });
}
