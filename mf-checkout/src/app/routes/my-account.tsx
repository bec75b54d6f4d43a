/**
 * `/minha-conta`: the signed-in shopper's account: Perfil (name, phone), E-mail (change
 * confirmed by a link sent to the new address), Senha (current + new), Endereços (saved addresses
 * the checkout offers), a link to the orders and 'Seus dados' (LGPD export and deletion, the card
 * of the orders page). Signed out, a prompt to sign in that comes back here. The sections load
 * on demand (my-account-sections.tsx), behind the skeleton.
 */
import { Suspense, lazy } from 'react';
import { useSessionStore } from '@prata/shared-ui';
import { OrderConfirmationSkeleton } from '../../features/orders/components/order-confirmation-skeleton.tsx';
import { SignInFirst } from './my-orders.tsx';
import styles from './routes.module.css';

export const MY_ACCOUNT_PATH = '/minha-conta';

const AccountSections = lazy(() => import('./my-account-sections.tsx'));

export function MyAccountRoute() {
  const user = useSessionStore((state) => state.user);
  const loading = useSessionStore((state) => state.loading);
  return (
    <section className={`p9-container ${styles.page}`}>
      <h1 className={styles.title}>Minha conta</h1>
      {loading ? (
        <OrderConfirmationSkeleton />
      ) : user ? (
        <Suspense fallback={<OrderConfirmationSkeleton />}>
          <AccountSections />
        </Suspense>
      ) : (
        <SignInFirst from={MY_ACCOUNT_PATH} title="Entre para ver a sua conta" description="Seus dados, endereços e pedidos ficam na sua conta." />
      )}
    </section>
  );
}
