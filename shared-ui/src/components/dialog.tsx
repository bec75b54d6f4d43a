/**
 * Modal dialog and sheet (shared-ui) on Radix Dialog: labelled by the title (and described by the
 * description), closed by the close button, Escape or a click outside; focus moves into the
 * dialog (to the element marked `data-autofocus`, else the first focusable one), is trapped
 * there, and returns to where it was when the dialog closes. The page behind is inert and does
 * not scroll.
 *
 * - `Dialog`: a centred modal (`size` sm / md / lg).
 * - `Sheet`: a drawer from the left, the right or the bottom (mobile menu, cart).
 *
 * Page weight: the Radix implementation (dialog-impl.tsx) is a separate chunk fetched the first
 * time a dialog or sheet opens, so a page without an open dialog loads no Radix; closed dialogs
 * render nothing. (Split when all of shared-ui was one untree-shaken federation singleton; now
 * each app bundles the components it uses, and the split still keeps Radix off pages.)
 */
import { lazy, Suspense, useState } from 'react';
import type { DialogProps, SheetProps } from './dialog-types.ts';

export type { DialogProps, SheetProps } from './dialog-types.ts';

const load = () => import('./dialog-impl.tsx');
const DialogImpl = lazy(() => load().then((module) => ({ default: module.DialogImpl })));
const SheetImpl = lazy(() => load().then((module) => ({ default: module.SheetImpl })));

/** True from the first time `open` is true (kept afterwards, so the closing animation plays). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function Dialog(props: DialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}

export function Sheet(props: SheetProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SheetImpl {...props} />
    </Suspense>
  );
}

/** Fetches the dialog implementation ahead of time (e.g. when a trigger gets the pointer). */
export function preloadDialog(): void {
  void load();
}
