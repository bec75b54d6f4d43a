/**
 * The cookie banner's layers (consent-banner.tsx decides when it shows): the first, with
 * 'Aceitar', 'Rejeitar' and 'Configurar' of the same weight, and the settings, one switch per
 * non-essential category (contracts/consent.ts), each off until the shopper turns it on. Its own
 * chunk, with its styles: the store's first load carries only the decision to show it.
 */
import { useState } from 'react';
import { NO_CONSENT, type ConsentChoice } from '@prata/contracts/consent';
import { Button } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import styles from './consent-banner.module.css';

/** What each category means, in the settings layer. */
const CATEGORIES: readonly { key: keyof ConsentChoice; label: string; description: string }[] = [
  { key: 'analytics', label: 'Medição', description: 'Estatísticas de uso da loja (Google Analytics) e o identificador do navegador usado para testar novas versões do site.' },
  { key: 'marketing', label: 'Marketing', description: 'Pixel da Meta e envio de conversões para anúncios mais relevantes.' },
];

export interface ConsentPanelProps {
  layer: 'first' | 'settings';
  /** The choice in force (null: none yet). */
  current: ConsentChoice | null;
  onChoose(choice: ConsentChoice): void;
  onLayer(layer: 'first' | 'settings' | null): void;
}

export default function ConsentPanel({ layer, current, onChoose, onLayer }: ConsentPanelProps) {
  return (
    <section className={styles.banner} role="region" aria-labelledby="consentimento-titulo" data-testid="consent-banner">
      <h2 id="consentimento-titulo" className={styles.title}>Cookies e privacidade</h2>
      {layer === 'first' ? (
        <>
          {/* Two short paragraphs, not one block: shown after hydration, one large block of text
              became the page's Largest Contentful Paint (on /produtos, 50,232 px² against the first
              product photo's 33,052), moving LCP to when the banner appears. */}
          <p className={styles.text}>Usamos cookies essenciais para a loja funcionar (sessão, carrinho). Com a sua permissão, usamos também cookies de medição e de marketing.</p>
          <p className={styles.text}>
            Mude de ideia quando quiser em &lsquo;Preferências de cookies&rsquo;, no rodapé. Saiba mais na <Link to="/politica-privacidade">Política de Privacidade</Link>.
          </p>
          <div className={styles.actions}>
            <Button onClick={() => onChoose({ analytics: true, marketing: true })}>Aceitar</Button>
            <Button onClick={() => onChoose(NO_CONSENT)}>Rejeitar</Button>
            <Button variant="outline" onClick={() => onLayer('settings')}>Configurar</Button>
          </div>
        </>
      ) : (
        <ConsentSettings initial={current ?? NO_CONSENT} onSave={onChoose} onCancel={() => onLayer(current ? null : 'first')} />
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
