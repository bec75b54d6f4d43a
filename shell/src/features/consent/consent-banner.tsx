/**
 * The cookie banner (LGPD art. 7 I and 8; ANPD, "Guia orientativo: cookies e proteção de dados
 * pessoais", 2022): on the first visit (no `prata_consent` cookie) it offers, on its first layer,
 * 'Aceitar', 'Rejeitar' and 'Configurar' with the same weight; 'Configurar' lists each
 * non-essential category (contracts/consent.ts), every one off until the shopper turns it on.
 * The choice is kept in the cookie (shared-ui's consent store), logged by the service with its time
 * (`POST /api/consent`, the consent log the LGPD export includes), and can be changed at any time
 * from the footer's 'Preferências de cookies' (any element with `data-consent-settings`: the
 * footer is static markup, so the banner listens on the document). `onChoice` lets the page drop
 * what a choice no longer allows (the layout removes the canary's client id without analytics).
 *
 * Rendered only in the browser (the server cannot know the cookie of a cached page): the server
 * and the first render agree on nothing shown, then the banner appears if no choice was made. Its
 * layers and styles are a chunk of their own (consent-panel.tsx), loaded only when shown.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ConsentChoice } from '@prata/contracts/consent';
import { useConsentStore } from '@prata/shared-ui/state';
import { recordConsent } from './api/record-consent.ts';

const ConsentPanel = lazy(() => import('./consent-panel.tsx'));

/** The attribute that opens the settings layer from anywhere on the page (the footer's link). */
export const CONSENT_SETTINGS_ATTRIBUTE = 'data-consent-settings';

const subscribeNothing = () => () => {};

/** Stores `choice` and logs it on the service (a failure keeps the choice: the cookie is what applies). */
export function applyConsent(choice: ConsentChoice): void {
  useConsentStore.getState().choose(choice);
  recordConsent(choice).catch((error: unknown) => console.warn('[shell] the consent choice could not be logged', error));
}

/** `onChoice`: called after each choice is stored. */
export function ConsentBanner({ onChoice }: { onChoice?: (choice: ConsentChoice) => void }) {
  const consent = useConsentStore((state) => state.consent);
  const inBrowser = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const [layer, setLayer] = useState<'first' | 'settings' | null>(null);

  useEffect(() => {
    const open = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(`[${CONSENT_SETTINGS_ATTRIBUTE}]`)) return;
      event.preventDefault();
      setLayer('settings');
    };
    document.addEventListener('click', open);
    return () => document.removeEventListener('click', open);
  }, []);

  const shown = layer ?? (inBrowser && consent === null ? 'first' : null);
  if (!shown) return null;
  const choose = (choice: ConsentChoice) => {
    applyConsent(choice);
    onChoice?.(choice);
    setLayer(null);
  };
  return (
    <Suspense fallback={null}>
      <ConsentPanel layer={shown} current={consent} onChoose={choose} onLayer={setLayer} />
    </Suspense>
  );
}
