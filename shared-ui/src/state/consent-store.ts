/**
 * The shopper's cookie consent in the browser (cross-remote client state, shared singleton): read
 * from the `prata_consent` cookie (format and categories: @prata/contracts/consent), changed only
 * by the shopper's choice in the consent banner or its settings. Everything non-essential (analytics,
 * pixels, session replay, the canary client id) asks `hasConsent(category)` first, and may subscribe
 * to `useConsentStore` to start once it is given (or stop when it is withdrawn).
 */
import { create } from 'zustand';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, consentFromCookies, encodeConsent, type ConsentCategory, type ConsentChoice, type ConsentState } from '@prata/contracts/consent';

export interface ConsentStoreState {
  /** The stored choice, or null before the shopper made one (every category off). */
  consent: ConsentState | null;
  /** Stores `choice` made now in the cookie (a year) and in this store. */
  choose(choice: ConsentChoice, now?: number): void;
  /** Reads the cookie again (another tab may have changed it). */
  reload(): void;
}

const readCookie = (): ConsentState | null => (typeof document === 'undefined' ? null : consentFromCookies(document.cookie));

export const useConsentStore = create<ConsentStoreState>()((set) => ({
  consent: readCookie(),
  choose: (choice, now = Date.now()) => {
    const secure = document.location?.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=${encodeConsent(choice, now)}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
    set({ consent: { ...choice, decidedAt: Math.floor(now / 1000) * 1000 } });
  },
  reload: () => set({ consent: readCookie() }),
}));

/** True when the shopper allowed `category` (false before any choice). */
export function hasConsent(category: ConsentCategory): boolean {
  return useConsentStore.getState().consent?.[category] ?? false;
}
