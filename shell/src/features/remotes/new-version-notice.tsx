/**
 * Tells an open tab that a new version of a remote went live: the service relays each
 * activation (`RemoteReleaseActivated` `{ remote, version, manifestUrl }`) on the public realtime
 * channel `releases`; when it names a version other than the one this tab composed the store
 * from, a lasting pt-BR notice offers to reload, and the tab's next in-app navigation loads the
 * document anew (so it composes the store from the new registry). The tab keeps working meanwhile:
 * old versions stay served.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@prata/shared-ui/router';
import { remoteVersion, toast, useRealtimeChannel } from '@prata/shared-ui';
import type { RealtimeEvent } from '@prata/contracts/realtime';
import type { DomainEventName } from '@prata/contracts';

/** The event that changes what a tab should run (the name checked by the compiler; no contracts code in the shell's bundle). */
const ACTIVATION = 'RemoteReleaseActivated' satisfies DomainEventName;

/** Notice id: several activations show one notice. */
const NOTICE_ID = 'prata-new-version';

/** Whether `event` announces a version of a remote other than the one this tab runs. */
export function isNewVersion(event: Pick<RealtimeEvent, 'event' | 'payload'>, current: (remote: string) => string | undefined = remoteVersion): boolean {
  // A canary starting or ending changes nobody's version until its clients load the page again.
  if (event.event !== ACTIVATION) return false;
  const { remote, version } = event.payload as { remote?: unknown; version?: unknown };
  if (typeof remote !== 'string') return false;
  // No version: the remote went back to its bootstrap entry, which a tab on a release does not run.
  return typeof version !== 'string' || current(remote) !== version;
}

/**
 * While `active`, calls `reload` once the router has moved to another location (the next in-app
 * navigation has finished: the location the router renders changed). Inside a router.
 */
export function useReloadOnNextNavigation(active: boolean, reload: () => void = () => window.location.reload()): void {
  const { key } = useLocation();
  const watch = useRef<{ start: string; done: boolean } | null>(null);
  useEffect(() => {
    if (!active) {
      watch.current = null;
      return;
    }
    if (watch.current === null) watch.current = { start: key, done: false };
    else if (!watch.current.done && key !== watch.current.start) {
      watch.current.done = true;
      reload();
    }
  }, [active, key, reload]);
}

/** Mounted once by the shell's root, inside the router. Renders nothing; shows the notice through the toaster. */
export function NewVersionNotice() {
  const [stale, setStale] = useState(false);
  useReloadOnNextNavigation(stale);
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
