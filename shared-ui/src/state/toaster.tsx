/**
 * Toasts (storefront.md 9: default 5 s, at most 3 visible) on the sonner library. The shell
 * mounts `<Toaster />` once; any remote calls `toast(...)` from shared-ui (a singleton, so
 * every remote talks to the same toaster). Colours and type come from the design tokens, each
 * pair AA or better.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

// sonner is fetched on the first toast, not with the home page's JavaScript: the
// first `toast(...)` mounts the toaster, then shows its toast once sonner's toaster listens.
const load = () => import('sonner');
const SonnerToaster = lazy(() => load().then((module) => ({ default: module.Toaster })));
let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
function request(): ReturnType<typeof load> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([load(), mounted]).then(([module]) => module);
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Rendered after sonner's toaster: its effect runs once that toaster subscribed. */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_VISIBLE = 3;

const TOKENS = {
  fontFamily: 'var(--p9-font-body)',
  zIndex: 'var(--p9-z-toast)',
  '--normal-bg': 'var(--p9-color-surface)',
  '--normal-text': 'var(--p9-color-text)',
  '--normal-border': 'var(--p9-color-border)',
  '--success-bg': 'var(--p9-color-success-bg)',
  '--success-text': 'var(--p9-color-success)',
  '--success-border': '#b9dfc9',
  '--error-bg': 'var(--p9-color-danger-bg)',
  '--error-text': 'var(--p9-color-danger)',
  '--error-border': '#f4c7c2',
  '--warning-bg': 'var(--p9-color-warning-bg)',
  '--warning-text': 'var(--p9-color-warning)',
  '--warning-border': '#f1dcae',
  '--info-bg': 'var(--p9-color-info-bg)',
  '--info-text': 'var(--p9-color-info)',
  '--info-border': '#c5d6ef',
  '--border-radius': 'var(--p9-radius)',
} as CSSProperties;

export function Toaster() {
  const show = useSyncExternalStore(subscribe, () => requested, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
        <SonnerToaster
        position="top-right"
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_MAX_VISIBLE}
        richColors
        closeButton
        style={TOKENS}
        toastOptions={{ style: { fontFamily: 'var(--p9-font-body)' } }}
      />
      <Mounted />
    </Suspense>
  );
}

type ToastMessage = Parameters<typeof sonnerToast>[0];

/**
 * Shows a toast (sonner's `toast`, `toast.success`, `toast.error`, `toast.info`; same arguments), once sonner
 * has loaded. Fire and forget: it returns nothing.
 */
export const toast = Object.assign(
  (message: ToastMessage, options?: ExternalToast): void => void request().then((module) => module.toast(message, options)),
  {
    success: (message: ToastMessage, options?: ExternalToast): void => void request().then((module) => module.toast.success(message, options)),
    error: (message: ToastMessage, options?: ExternalToast): void => void request().then((module) => module.toast.error(message, options)),
    info: (message: ToastMessage, options?: ExternalToast): void => void request().then((module) => module.toast.info(message, options)),
  },
);
