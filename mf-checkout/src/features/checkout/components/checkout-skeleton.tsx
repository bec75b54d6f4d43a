/**
 * The checkout's placeholder while the session is restored (skeletons, not spinners):
 * the form sections and the order summary in their final layout, one busy status region.
 */
import { Card, Skeleton } from '@prata/shared-ui';
import styles from './checkout.module.css';

const SECTIONS = [3, 7, 2] as const;

export function CheckoutSkeleton() {
  return (
    <div className={styles.layout} role="status" aria-busy="true" data-testid="checkout-skeleton">
      <span className="p9-visually-hidden">Carregando...</span>
      <div className={styles.form} aria-hidden="true">
        {SECTIONS.map((fields, index) => (
          <div key={index} className={styles.section}>
            <Skeleton shape="text" width="35%" height={24} />
            <div className={styles.grid}>
              {Array.from({ length: fields }, (_, field) => (
                <Skeleton key={field} height={44} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <Card as="aside" className={styles.summary} aria-hidden="true">
        <Skeleton shape="text" width="60%" height={24} />
        <Skeleton shape="text" />
        <Skeleton shape="text" />
        <Skeleton shape="text" width="70%" />
      </Card>
    </div>
  );
}
