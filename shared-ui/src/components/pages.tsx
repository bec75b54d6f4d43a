/**
 * Whole-page states (storefront.md 2): the not-found page (English text, link home, the unknown
 * path logged to the console) and the generic error screen.
 */
import { useEffect } from 'react';
import { Link, useLocation } from '@prata/shared-ui/router';
import { Button, buttonClassName } from './button.tsx';
import styles from './components.module.css';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <section className={styles.centered} data-testid="not-found">
      <div>
        <p className={styles.bigNumber} aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <Link to="/" className={buttonClassName('outline')}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}

export interface ErrorScreenProps {
  /** Clears the error ('Tentar Novamente'). */
  onRetry: () => void;
  /** Goes to / ('Ir para Início'); defaults to a full navigation. */
  onHome?: () => void;
  /** Opens 'Relatar um problema' (the button shows only when given). */
  onReport?: () => void;
  title?: string;
  description?: string;
}

export function ErrorScreen({ onRetry, onHome, onReport, title, description }: ErrorScreenProps) {
  return (
    <section className={styles.centered} role="alert">
      <div>
        <h1>{title ?? 'Ops! Algo deu errado'}</h1>
        <p>{description ?? 'Tente recarregar a página. Se o problema continuar, entre em contato com o suporte.'}</p>
        <div className={styles.actions}>
          <Button onClick={onRetry}>Tentar Novamente</Button>
          <Button variant="outline" onClick={onHome ?? (() => window.location.assign('/'))}>
            Ir para Início
          </Button>
          {onReport ? (
            <Button variant="ghost" onClick={onReport}>
              Relatar um problema
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
