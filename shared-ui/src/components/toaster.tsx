/**
 * Toasts (storefront.md 9: default 5 s, at most 3 visible) on the sonner library. The shell
 * mounts `<Toaster />` once; any remote calls `toast(...)` from shared-ui (a singleton, so
 * every remote talks to the same toaster). Colours and type come from the design tokens, each
 * pair AA or better.
 */
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';

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
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_MAX_VISIBLE}
      richColors
      closeButton
      style={TOKENS}
      toastOptions={{ style: { fontFamily: 'var(--p9-font-body)' } }}
    />
  );
}

export { toast };
