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
 * Painted with the page, never after hydration: the server cannot know the cookie of a cached,
 * shared document, so every server-rendered document carries the first layer, `hidden`, and the
 * document's pre-paint script (consent-marker.ts) marks `<html data-consent-needed>` when the cookie
 * holds no choice, which shows it (consent-banner.module.css) before the first paint. The server
 * and the first render in the browser agree on that markup (no hydration mismatch); after
 * hydration React decides by the consent store: the banner stays, no longer `hidden`, while no
 * choice exists, and is removed once one is made (with the document's mark). Its buttons clicked
 * before hydration are held and clicked again once the page is interactive (early-clicks.ts).
 * Without JavaScript it stays hidden (nothing non-essential can load then either). The settings
 * layer is a chunk of its own (consent-settings.tsx), loaded when asked for; the first layer
 * shows meanwhile.
 */
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { NO_CONSENT, type ConsentChoice } from '@prata/contracts/consent';
import { Button } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useConsentStore } from '@prata/shared-ui/state';
import { recordConsent } from './api/record-consent.ts';
import { CONSENT_NEEDED_ATTRIBUTE } from './consent-marker.ts';
import type { ConsentSettingsProps } from './consent-settings.tsx';
import styles from './consent-banner.module.css';

/** The attribute that opens the settings layer from anywhere on the page (the footer's link). */
export const CONSENT_SETTINGS_ATTRIBUTE = 'data-consent-settings';

const subscribeNothing = () => () => {};

/**
 * Stores `choice`, drops the document's mark of a missing choice, and logs it on the service (a
 * failure keeps the choice: the cookie is what applies).
 */
export function applyConsent(choice: ConsentChoice): void {
  useConsentStore.getState().choose(choice);
  document.documentElement.removeAttribute(CONSENT_NEEDED_ATTRIBUTE);
  recordConsent(choice).catch((error: unknown) => console.warn('[shell] the consent choice could not be logged', error));
}

/** `onChoice`: called after each choice is stored. */
export function ConsentBanner({ onChoice }: { onChoice?: (choice: ConsentChoice) => void }) {
  const consent = useConsentStore((state) => state.consent);
  const inBrowser = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const [layer, setLayer] = useState<'first' | 'settings' | null>(null);
  const [Settings, setSettings] = useState<ComponentType<ConsentSettingsProps> | null>(null);

  useEffect(() => {
    const open = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest(`[${CONSENT_SETTINGS_ATTRIBUTE}]`)) return;
      event.preventDefault();
      openSettings();
    };
    document.addEventListener('click', open);
    return () => document.removeEventListener('click', open);
  }, []);

  /** Shows the settings layer once its chunk is here (the current layer stays until then; a failed load is reported as any unhandled rejection). */
  function openSettings() {
    void import('./consent-settings.tsx').then(({ ConsentSettings }) => {
      setSettings(() => ConsentSettings);
      setLayer('settings');
    });
  }

  // On the server and in hydration: the first layer, hidden unless the document is marked.
  const shown = inBrowser ? (layer ?? (consent === null ? 'first' : null)) : 'first';
  if (!shown) return null;
  const choose = (choice: ConsentChoice) => {
    applyConsent(choice);
    onChoice?.(choice);
    setLayer(null);
  };
  return (
    <section className={styles.banner} hidden={!inBrowser} aria-labelledby="consentimento-titulo" data-testid="consent-banner">
      <h2 id="consentimento-titulo" className={styles.title}>
        Cookies e privacidade
      </h2>
      {shown === 'settings' && Settings ? (
        <Settings initial={consent ?? NO_CONSENT} onSave={choose} onCancel={() => setLayer(consent ? null : 'first')} />
      ) : (
        <>
          {/* Two short paragraphs, not one block: one large block of text was the page's Largest
              Contentful Paint when the banner appeared after hydration (on /produtos, 50,232 px²
              against the first product photo's 33,052). */}
          <p className={styles.text}>Usamos cookies essenciais para a loja funcionar (sessão, carrinho). Com a sua permissão, usamos também cookies de medição e de marketing.</p>
          <p className={styles.text}>
            Mude de ideia quando quiser em &lsquo;Preferências de cookies&rsquo;, no rodapé. Saiba mais na <Link to="/politica-privacidade">Política de Privacidade</Link>.
          </p>
          <div className={styles.actions}>
            <Button onClick={() => choose({ analytics: true, marketing: true })}>Aceitar</Button>
            <Button onClick={() => choose(NO_CONSENT)}>Rejeitar</Button>
            <Button variant="outline" onClick={openSettings}>
              Configurar
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
