/**
 * Tells an open tab that a new version of a remote went live (issue 14): the service relays each
 * activation (`RemoteReleaseActivated` `{ remote, version, manifestUrl }`) on the public realtime
 * channel `releases`; when it names a version other than the one this tab composed the store
 * from, a lasting pt-BR notice offers to reload, and the tab's next in-app navigation loads the
 * document anew (so it composes the store from the new registry). The tab keeps working meanwhile:
 * old versions stay served.
 */
import { useEffect, useState } from 'react';
import { remoteVersion, toast, useRealtimeChannel } from '@prata/shared-ui';
import type { RealtimeEvent } from '@prata/contracts';

/** What {@link reloadOnNextNavigation} reads of react-router's data router. */
export interface NavigationSource {
  state: { location: { key: string }; navigation: { state: string } };
  subscribe(listener: (state: NavigationSource['state']) => void): () => void;
}

/** Notice id: several activations show one notice. */
const NOTICE_ID = 'prata-new-version';

/** Whether `event` announces a version of a remote other than the one this tab runs. */
export function isNewVersion(event: Pick<RealtimeEvent, 'payload'>, current: (remote: string) => string | undefined = remoteVersion): boolean {
  const { remote, version } = event.payload as { remote?: unknown; version?: unknown };
  if (typeof remote !== 'string') return false;
  // No version: the remote went back to its bootstrap entry, which a tab on a release does not run.
  return typeof version !== 'string' || current(remote) !== version;
}

/**
 * Calls `reload` once, when `router` has finished its next navigation to another location.
 * @returns a function that stops watching.
 */
export function reloadOnNextNavigation(router: NavigationSource, reload: () => void = () => window.location.reload()): () => void {
  const start = router.state.location.key;
  let done = false;
  const unsubscribe = router.subscribe((state) => {
    if (done || state.navigation.state !== 'idle' || state.location.key === start) return;
    done = true;
    unsubscribe();
    reload();
  });
  return unsubscribe;
}

/** Mounted once by the shell's root. Renders nothing; shows the notice through the toaster. */
export function NewVersionNotice({ router }: { router: NavigationSource }) {
  const [stale, setStale] = useState(false);
  useEffect(() => (stale ? reloadOnNextNavigation(router) : undefined), [stale, router]);
  useRealtimeChannel('releases', (event) => {
    if (!isNewVersion(event)) return;
    setStale(true);
    toast.info('Uma nova versão da loja está disponível', {
      id: NOTICE_ID,
      description: 'Recarregue a página para usar a versão mais recente.',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Recarregar', onClick: () => window.location.reload() },
    });
  });
  return null;
}
