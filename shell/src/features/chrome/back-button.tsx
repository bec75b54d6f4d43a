/**
 * Back button (storefront.md 2): one step back when history exists, else /, after 150 ms
 * (BACK_DELAY_MS, with the other delays in shared-ui's lib/timing.ts).
 */
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from '@prata/shared-ui/router';
import { Button } from '@prata/shared-ui';
import { BACK_DELAY_MS } from '@prata/shared-ui/state';
import styles from './chrome.module.css';

export function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    const hasHistory = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.setTimeout(() => (hasHistory > 0 ? navigate(-1) : navigate('/')), BACK_DELAY_MS);
  };
  return (
    <div className={`p9-container ${styles.back}`}>
      <Button variant="ghost" size="sm" onClick={goBack}>
        <ArrowLeft size={16} aria-hidden="true" /> Voltar
      </Button>
    </div>
  );
}
