/**
 * "Publicar versão" of the Deployments card: `POST /api/developer/remotes/:remote/releases/from-manifest`
 * `{ manifestUrl, integrity?, notes, acceptGrowth }`. The service reads the build at that manifest
 * (an allowed release origin), checks it as `npm run release` does and publishes it without
 * activating it; a refusal is its pt-BR message (400 with the field's issue, 409, 422). On success
 * the remote's release list is replaced by the answer (the new version listed, not active) and
 * the Deployments card and composition map are refreshed (keys under `['developer', 'deployments']`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remoteReleaseListSchema, type PublishFromManifestInput, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { REMOTE_RELEASES_KEY } from './get-remote-releases.ts';

/** Publishes the build at `input.manifestUrl` as a version of `remote`. @throws ApiRequestError with the service's pt-BR message. */
export function publishRemoteRelease(remote: RemoteName, input: PublishFromManifestInput): Promise<RemoteReleaseList> {
  return apiRequest(`/api/developer/remotes/${remote}/releases/from-manifest`, remoteReleaseListSchema, { method: 'POST', body: input });
}

export function usePublishRemoteRelease(remote: RemoteName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishFromManifestInput) => publishRemoteRelease(remote, input),
    onSuccess: (list) => {
      queryClient.setQueryData([...REMOTE_RELEASES_KEY, list.remote], list);
      void queryClient.invalidateQueries({ queryKey: ['developer', 'deployments'] });
    },
  });
}
