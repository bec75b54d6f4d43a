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
 * and the first render agree on nothing shown, then the banner appears if no choice was made.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { NO_CONSENT, type ConsentChoice } from '@prata/contracts/consent';
import { useConsentStore } from '@prata/shared-ui/state';
import { Button } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { recordConsent } from './api/record-consent.ts';
import styles from './consent-banner.module.css';

/** The attribute that opens the settings layer from anywhere on the page (the footer's link). */
export const CONSENT_SETTINGS_ATTRIBUTE = 'data-consent-settings';

const subscribeNothing = () => () => {};

/** What each category means, in the settings layer. */
const CATEGORIES: readonly { key: keyof ConsentChoice; label: string; description: string }[] = [
  { key: 'analytics', label: 'Medição', description: 'Estatísticas de uso da loja (Google Analytics) e o identificador do navegador usado para testar novas versões do site.' },
  { key: 'marketing', label: 'Marketing', description: 'Pixel da Meta e envio de conversões para anúncios mais relevantes.' },
];

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
    <section className={styles.banner} role="region" aria-labelledby="consentimento-titulo" data-testid="consent-banner">
      <h2 id="consentimento-titulo" className={styles.title}>Cookies e privacidade</h2>
      {shown === 'first' ? (
        <>
          <p className={styles.text}>
            Usamos cookies essenciais para a loja funcionar (sessão, carrinho). Com a sua permissão, usamos também cookies de medição e de marketing. Você pode mudar de ideia quando quiser em
            &lsquo;Preferências de cookies&rsquo;, no rodapé. Saiba mais na <Link to="/politica-privacidade">Política de Privacidade</Link>.
          </p>
          <div className={styles.actions}>
            <Button onClick={() => choose({ analytics: true, marketing: true })}>Aceitar</Button>
            <Button onClick={() => choose(NO_CONSENT)}>Rejeitar</Button>
            <Button variant="outline" onClick={() => setLayer('settings')}>Configurar</Button>
          </div>
        </>
      ) : (
        <ConsentSettings initial={consent ?? NO_CONSENT} onSave={choose} onCancel={consent ? () => setLayer(null) : () => setLayer('first')} />
      )}
    </section>
  );
}

function ConsentSettings({ initial, onSave, onCancel }: { initial: ConsentChoice; onSave: (choice: ConsentChoice) => void; onCancel: () => void }) {
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: initial.analytics, marketing: initial.marketing });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choice);
      }}
    >
      <p className={styles.text}>Cookies essenciais (sessão, carrinho e esta escolha) estão sempre ativos. Escolha os demais:</p>
      <label className={styles.category}>
        <input type="checkbox" checked disabled /> <strong>Essenciais</strong> <span>Necessários para a loja funcionar.</span>
      </label>
      {CATEGORIES.map((category) => (
        <label key={category.key} className={styles.category}>
          <input type="checkbox" name={category.key} checked={choice[category.key]} onChange={(event) => setChoice({ ...choice, [category.key]: event.target.checked })} />{' '}
          <strong>{category.label}</strong> <span>{category.description}</span>
        </label>
      ))}
      <div className={styles.actions}>
        <Button type="submit">Salvar preferências</Button>
        <Button variant="outline" onClick={onCancel}>Voltar</Button>
      </div>
    </form>
  );
}
