/**
 * Tells an open tab that a new version of a remote went live (issue 14): the service relays each
 * activation (`RemoteReleaseActivated` `{ remote, version, manifestUrl }`) on the public realtime
 * channel `releases`; when it names a version other than the one this tab composed the store
 * from, a lasting pt-BR notice offers to reload. The tab keeps working meanwhile: old versions
 * stay served.
 */
import { remoteVersion, toast, useRealtimeChannel } from '@prata/shared-ui';
import type { RealtimeEvent } from '@prata/contracts';

/** Notice id: several activations show one notice. */
const NOTICE_ID = 'prata-new-version';

/** Whether `event` announces a version of a remote other than the one this tab runs. */
export function isNewVersion(event: Pick<RealtimeEvent, 'payload'>, current: (remote: string) => string | undefined = remoteVersion): boolean {
  const { remote, version } = event.payload as { remote?: unknown; version?: unknown };
  if (typeof remote !== 'string') return false;
  // No version: the remote went back to its bootstrap entry, which a tab on a release does not run.
  return typeof version !== 'string' || current(remote) !== version;
}

/** Mounted once by the shell's root. Renders nothing; shows the notice through the toaster. */
export function NewVersionNotice() {
  useRealtimeChannel('releases', (event) => {
    if (!isNewVersion(event)) return;
    toast.info('Uma nova versão da loja está disponível', {
      id: NOTICE_ID,
      description: 'Recarregue a página para usar a versão mais recente.',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Recarregar', onClick: () => window.location.reload() },
    });
  });
  return null;
}
