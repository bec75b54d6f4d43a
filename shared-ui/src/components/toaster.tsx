/**
 * Toasts (storefront.md 9: default 5 s, at most 3 visible) on the sonner library. The shell
 * mounts `<Toaster />` once; any remote calls `toast(...)` from shared-ui (a singleton, so
 * every remote talks to the same toaster).
 */
import { Toaster as SonnerToaster, toast } from 'sonner';

export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_VISIBLE = 3;

export function Toaster() {
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX_VISIBLE} richColors closeButton />;
}

export { toast };
