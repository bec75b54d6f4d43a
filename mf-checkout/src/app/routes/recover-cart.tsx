/**
 * `/carrinho/recuperar/:token`: the link of a cart reminder e-mail. In any browser, signed in or
 * not, it loads the reminded cart's lines (priced now) into the browser's cart (a line already
 * there keeps the larger quantity) and goes on to `/carrinho`. A link the store did not sign, or
 * an expired one, shows a pt-BR explanation and the way back to the shop. The token is the link's
 * only authorisation; the page is rendered in the browser only.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from '@prata/shared-ui/router';
import { EmptyState, buttonClassName } from '@prata/shared-ui';
import { addLinesToCart, toast } from '@prata/shared-ui/state';
import { useRecoverCart } from '../../features/cart/api/recover-cart.ts';
import { OrderConfirmationSkeleton } from '../../features/orders/components/order-confirmation-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import styles from './routes.module.css';

const shop = (
  <Link to="/produtos" className={buttonClassName()}>
    Ver produtos
  </Link>
);

export function RecoverCartRoute() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const recover = useRecoverCart();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    recover.mutate(token, {
      onSuccess: ({ lines }) => {
        if (lines.length === 0) return;
        addLinesToCart(lines);
        toast.success('Seu carrinho foi recuperado');
        void navigate('/carrinho', { replace: true });
      },
    });
  }, [navigate, recover, token]);

  let content;
  if (recover.isError) {
    const status = recover.error instanceof ApiRequestError ? recover.error.status : 0;
    content =
      status === 409 ? (
        <EmptyState headingLevel={1} title="Este link expirou" description="Os links dos lembretes valem por 30 dias. As peças continuam na loja." action={shop} />
      ) : status === 404 || status === 400 ? (
        <EmptyState headingLevel={1} title="Link de carrinho inválido" description="Confira se o link foi copiado inteiro do e-mail." action={shop} />
      ) : (
        <EmptyState headingLevel={1} title="Não foi possível recuperar o carrinho" description="Tente novamente em alguns instantes." action={shop} />
      );
  } else if (recover.isSuccess && recover.data.lines.length === 0) {
    content = <EmptyState headingLevel={1} title="Este carrinho está vazio" description="As peças dele não estão mais disponíveis, ou o pedido já foi feito." action={shop} />;
  } else content = <OrderConfirmationSkeleton />;

  return <section className={`p9-container ${styles.page}`}>{content}</section>;
}
