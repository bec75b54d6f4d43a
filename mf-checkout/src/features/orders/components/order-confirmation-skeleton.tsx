/**
 * The order confirmation's placeholder while `GET /api/orders/:id` loads (skeletons,
 * not spinners): the hero, the payment card and the items card in their final sizes, inside one
 * busy status region announced as 'Carregando pedido...'.
 */
import { Card, Skeleton } from '@prata/shared-ui';
import styles from './orders.module.css';

const CARD_LINES = [3, 4] as const;

export function OrderConfirmationSkeleton() {
  return (
    <div className={styles.page} role="status" aria-busy="true" data-testid="order-skeleton">
      <span className="p9-visually-hidden">Carregando pedido...</span>
      <div className={styles.hero} aria-hidden="true">
        <Skeleton shape="circle" width={48} height={48} />
        <Skeleton shape="text" width="55%" height={36} />
        <Skeleton shape="text" width="40%" />
      </div>
      {CARD_LINES.map((lines, index) => (
        <Card key={index} className={styles.card} aria-hidden="true">
          <Skeleton shape="text" width="40%" height={24} />
          {Array.from({ length: lines }, (_, line) => (
            <Skeleton key={line} shape="text" width={line === lines - 1 ? '60%' : '100%'} />
          ))}
        </Card>
      ))}
    </div>
  );
}
