/**
 * Notices of the cart's price refresh: price changes and removed products (dismissable), current
 * stock shortages, and the refresh state ('Atualizando preços...', or an error with a retry).
 */
import { Alert, Button } from '@prata/shared-ui';
import type { CartRefresh } from '../hooks/use-cart-refresh.ts';
import styles from './cart.module.css';

export function CartNotices({ refresh }: { refresh: CartRefresh }) {
  const { notices, shortages, status } = refresh;
  return (
    <>
      <div role="status" aria-live="polite">
        {/* Announced, not drawn: a line that appears and goes would shift the form below it (CLS). */}
        {status === 'loading' ? <p className="p9-visually-hidden">Atualizando preços...</p> : null}
        {notices.length > 0 || shortages.length > 0 ? (
          <Alert variant="warning" title="Atualizamos o seu carrinho" className={styles.notices} data-testid="cart-notices">
            <ul>
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
              {shortages.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
            {notices.length > 0 ? (
              <div className={styles.noticeActions}>
                <Button variant="outline" size="sm" onClick={refresh.dismiss}>
                  Entendi
                </Button>
              </div>
            ) : null}
          </Alert>
        ) : null}
      </div>
      {status === 'error' ? (
        <Alert variant="danger" className={styles.notices} role="alert">
          <p className={styles.retry}>
            Não foi possível atualizar os preços agora.
            <Button variant="outline" size="sm" onClick={refresh.retry}>
              Tentar novamente
            </Button>
          </p>
        </Alert>
      ) : null}
    </>
  );
}
