/**
 * `/minha-conta/pedidos`: the signed-in shopper's orders and, below them, their data
 * (export and self-deletion, LGPD); signed out, a prompt to sign in that comes back here.
 */
import { Link } from '@prata/shared-ui/router';
import { EmptyState, buttonClassName, useSessionStore } from '@prata/shared-ui';
import { AccountPrivacy } from '../../features/account/components/account-privacy.tsx';
import { OrderHistory } from '../../features/orders/components/order-history.tsx';
import { OrderConfirmationSkeleton } from '../../features/orders/components/order-confirmation-skeleton.tsx';
import styles from './routes.module.css';

export const MY_ORDERS_PATH = '/minha-conta/pedidos';

/** Shown to a signed-out visitor of an account page; the sign-in comes back to `from`. */
export function SignInFirst({ from, title = 'Entre para ver os seus pedidos', description = 'Os pedidos ficam disponíveis na sua conta.' }: { from: string; title?: string; description?: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Link to="/auth" state={{ from }} className={buttonClassName()}>
          Entrar
        </Link>
      }
    />
  );
}

export function MyOrdersRoute() {
  const user = useSessionStore((state) => state.user);
  const loading = useSessionStore((state) => state.loading);
  return (
    <section className={`p9-container ${styles.page}`}>
      <h1 className={styles.title}>Meus pedidos</h1>
      {loading ? (
        <OrderConfirmationSkeleton />
      ) : user ? (
        <>
          <OrderHistory />
          <AccountPrivacy />
        </>
      ) : (
        <SignInFirst from={MY_ORDERS_PATH} />
      )}
    </section>
  );
}
