/**
 * `POST /api/developer/remotes/:remote/activate { version }` and `.../rollback { version? }`
 * (issue 14): make a version active, or go back to the previous one. The service checks the
 * release first and answers 409 with the pt-BR reason when it must not go live; success and
 * failure are told with a toast. Both refresh the release lists and the Deployments card.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remoteReleaseListSchema, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import { toast } from '@prata/shared-ui';
import { apiRequest } from '../../../lib/api-client.ts';
import { REMOTE_RELEASES_KEY } from './get-remote-releases.ts';

export type ReleaseChange = { remote: RemoteName; action: 'activate'; version: string } | { remote: RemoteName; action: 'rollback'; version?: string };

export function changeRemoteRelease(change: ReleaseChange): Promise<RemoteReleaseList> {
  return apiRequest(`/api/developer/remotes/${change.remote}/${change.action}`, remoteReleaseListSchema, {
    method: 'POST',
    body: change.version ? { version: change.version } : {},
  });
}

export function useChangeRemoteRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRemoteRelease,
    onSuccess: (list) => {
      queryClient.setQueryData([...REMOTE_RELEASES_KEY, list.remote], list);
      void queryClient.invalidateQueries({ queryKey: ['developer', 'deployments'] });
      toast.success(`${list.remote}: ${list.active ? `versão ${list.active} ativa` : 'versão de base do registro ativa'}`);
    },
    onError: (error) => toast.error('A versão não foi alterada', { description: error instanceof Error ? error.message : String(error) }),
  });
}
