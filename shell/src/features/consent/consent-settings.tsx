/**
 * The cookie banner's settings layer (consent-banner.tsx shows it after 'Configurar' or the
 * footer's 'Preferências de cookies'): one switch per non-essential category
 * (contracts/consent.ts), each off until the shopper turns it on. A chunk of its own, with its
 * styles, loaded when asked for: the store's first load carries only the banner's first layer.
 */
import { useState } from 'react';
import type { ConsentChoice } from '@prata/contracts/consent';
import { Button } from '@prata/shared-ui';
import bannerStyles from './consent-banner.module.css';
import styles from './consent-settings.module.css';

/** What each category means, in the settings layer. */
const CATEGORIES: readonly { key: keyof ConsentChoice; label: string; description: string }[] = [
  { key: 'analytics', label: 'Medição', description: 'Estatísticas de uso da loja (Google Analytics) e o identificador do navegador usado para testar novas versões do site.' },
  { key: 'marketing', label: 'Marketing', description: 'Pixel da Meta e envio de conversões para anúncios mais relevantes.' },
];

export interface ConsentSettingsProps {
  /** The choice the switches start from (the one in force, or every category off). */
  initial: ConsentChoice;
  onSave(choice: ConsentChoice): void;
  onCancel(): void;
}

export function ConsentSettings({ initial, onSave, onCancel }: ConsentSettingsProps) {
  const [choice, setChoice] = useState<ConsentChoice>({ analytics: initial.analytics, marketing: initial.marketing });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(choice);
      }}
    >
      <p className={bannerStyles.text}>Cookies essenciais (sessão, carrinho e esta escolha) estão sempre ativos. Escolha os demais:</p>
      <label className={styles.category}>
        <input type="checkbox" checked disabled /> <strong>Essenciais</strong> <span>Necessários para a loja funcionar.</span>
      </label>
      {CATEGORIES.map((category) => (
        <label key={category.key} className={styles.category}>
          <input type="checkbox" name={category.key} checked={choice[category.key]} onChange={(event) => setChoice({ ...choice, [category.key]: event.target.checked })} />{' '}
          <strong>{category.label}</strong> <span>{category.description}</span>
        </label>
      ))}
      <div className={bannerStyles.actions}>
        <Button type="submit">Salvar preferências</Button>
        <Button variant="outline" onClick={onCancel}>
          Voltar
        </Button>
      </div>
    </form>
  );
}
