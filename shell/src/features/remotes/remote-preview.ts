/**
 * Staff preview of one remote's version in this browser only: the devtools card
 * writes `{ remote, version }` under `REMOTE_PREVIEW_STORAGE_KEY`; the shell then restores the
 * staff session before asking for the registry with `preview=<remote>@<version>` (the service
 * honours it for admins and developers only), shows a banner while the preview is in effect, and
 * forgets a preview the service did not honour. Shoppers are never affected: nobody else's
 * registry changes.
 */
import type { RemoteRegistry } from '@prata/contracts/platform';
import { REMOTE_PREVIEW_STORAGE_KEY, remotePreviewSchema, type RemotePreview } from '@prata/contracts/releases';

/** The preview asked for in this browser, or null. */
export function requestedPreview(storage: Storage | undefined = globalThis.localStorage): RemotePreview | null {
  try {
    const parsed = remotePreviewSchema.safeParse(JSON.parse(storage?.getItem(REMOTE_PREVIEW_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Ends the preview in this browser. */
export function endPreview(storage: Storage | undefined = globalThis.localStorage): void {
  storage?.removeItem(REMOTE_PREVIEW_STORAGE_KEY);
}

/** Whether `registry` serves `preview` (the service honoured it). */
export function previewInEffect(registry: RemoteRegistry, preview: RemotePreview | null): preview is RemotePreview {
  return preview !== null && registry.some((entry) => entry.name === preview.remote && entry.version === preview.version);
}
