/**
 * `/pedido/:token`: the order a tracking link from the order e-mails names, without signing in
 * (read-only; re-read every 5 s while unpaid). A link the store did not sign, a cut one (404/400)
 * or an expired one (410) shows a pt-BR explanation and the way to find the order again,
 * `/rastrear-pedido`. The token is the link's only authorisation: error reports and breadcrumbs
 * mask it (contracts `maskPathTokens`), and the page is rendered in the browser only.
 */
import { Link, useParams } from '@prata/shared-ui/router';
import { Button, EmptyState, buttonClassName } from '@prata/shared-ui';
import { ORDER_TRACKING_TOKEN_LENGTH } from '@prata/contracts';
import { useOrderTracking } from '../../features/orders/api/get-order-tracking.ts';
import { OrderConfirmationSkeleton } from '../../features/orders/components/order-confirmation-skeleton.tsx';
import { OrderTrackingDetails } from '../../features/orders/components/order-tracking-details.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { TRACK_ORDER_PATH } from './track-order.tsx';
import styles from './routes.module.css';

function LinkProblem({ expired }: { expired: boolean }) {
  return (
    <EmptyState
      headingLevel={1}
      title={expired ? 'Este link expirou' : 'Link de acompanhamento inválido'}
      description={
        expired
          ? 'Por segurança, os links de acompanhamento valem por 90 dias. Consulte o pedido com o número do pedido e o seu e-mail ou CPF.'
          : 'Confira se o link foi copiado inteiro do e-mail, ou consulte o pedido com o número do pedido e o seu e-mail ou CPF.'
      }
      action={
        <Link to={TRACK_ORDER_PATH} className={buttonClassName()}>
          Rastrear pedido
        </Link>
      }
    />
  );
}

export function OrderTrackingRoute() {
  const token = useParams().token ?? '';
  const wellFormed = token.length === ORDER_TRACKING_TOKEN_LENGTH;
  const order = useOrderTracking(token, { enabled: wellFormed });

  let content;
  if (!wellFormed) content = <LinkProblem expired={false} />;
  else if (order.isPending) content = <OrderConfirmationSkeleton />;
  else if (order.isError) {
    const status = order.error instanceof ApiRequestError ? order.error.status : 0;
    content =
      status === 404 || status === 400 || status === 410 ? (
        <LinkProblem expired={status === 410} />
      ) : (
        <EmptyState title="Não foi possível carregar o pedido" description="Tente novamente em alguns instantes." action={<Button onClick={() => void order.refetch()}>Tentar Novamente</Button>} />
      );
  } else content = <OrderTrackingDetails order={order.data} token={token} />;

  return <section className={`p9-container ${styles.page}`}>{content}</section>;
}
