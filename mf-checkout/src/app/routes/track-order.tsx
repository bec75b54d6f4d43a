/**
 * `/rastrear-pedido`: 'Rastrear pedido', for a shopper without the e-mail's link at hand: the
 * order's number and the e-mail or CPF used in it (TrackOrderForm) lead to `/pedido/<token>`.
 */
import { useNavigate } from '@prata/shared-ui/router';
import { TrackOrderForm } from '../../features/orders/components/track-order-form.tsx';
import styles from './routes.module.css';

export const TRACK_ORDER_PATH = '/rastrear-pedido';

export function TrackOrderRoute() {
  const navigate = useNavigate();
  return (
    <section className={`p9-container ${styles.page}`}>
      <h1 className={styles.title}>Rastrear pedido</h1>
      <TrackOrderForm onFound={(token) => void navigate(`/pedido/${token}`)} />
    </section>
  );
}
