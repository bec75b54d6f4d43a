/**
 * 'Gerar novo PIX' / 'Gerar novo boleto' (contracts payment-recovery.ts): shown while the order's
 * `paymentRenewal` window is open, i.e. its code is about to expire or expired (the order was
 * cancelled for it) and the store still allows a new one. The same order and price; the service
 * takes the pieces again or answers which are gone, shown here as an alert. Shared by the
 * account's order page and the tracking page, each with its own mutation (`renew`).
 */
import { useEffect, useState } from 'react';
import { renewPaymentLabel, type Order } from '@prata/contracts';
import { Alert, Button, Card, formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { ApiRequestError } from '../../../lib/api-client.ts';
import styles from './orders.module.css';

/** Whether the order's renewal window is open at `now` (ms); an expired order's opened at its cancellation, already past. */
export function renewalOpen(order: Pick<Order, 'status' | 'paymentRenewal'>, now: number): boolean {
  const renewal = order.paymentRenewal;
  return !!renewal && (order.status === 'cancelled' || Date.parse(renewal.from) <= now) && now < Date.parse(renewal.until);
}

export interface RenewPaymentCardProps {
  order: Pick<Order, 'status' | 'paymentRenewal' | 'payment'>;
  /** Asks for the new charge; rejects with the service's error. */
  renew: () => Promise<unknown>;
  pending: boolean;
}

export function RenewPaymentCard({ order, renew, pending }: RenewPaymentCardProps) {
  const [problem, setProblem] = useState<string | null>(null);
  // The window opens while the page is open (a PIX's last minutes): the clock is read every 15 s.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const renewal = order.paymentRenewal ?? null;
  if (!renewal || !renewalOpen(order, now)) return null;
  const pix = order.payment.method === 'pix';
  const label = renewPaymentLabel(order.payment.method);
  const expired = order.status === 'cancelled';
  const ask = () => {
    setProblem(null);
    renew().then(
      () => toast.success(pix ? 'Novo PIX gerado' : 'Novo boleto gerado', { description: 'Use o novo código para pagar o pedido.' }),
      (error: unknown) => setProblem(error instanceof ApiRequestError ? error.message : 'Não foi possível gerar um novo pagamento. Tente novamente.'),
    );
  };
  return (
    <Card title={expired ? 'Ainda dá para pagar este pedido' : `${pix ? 'O PIX' : 'O boleto'} vence em breve`} className={styles.card} testId="renew-payment">
      <p>
        {expired
          ? `O prazo de pagamento acabou, mas você pode ${pix ? 'gerar um novo PIX' : 'gerar um novo boleto'} para o mesmo pedido, pelo mesmo valor, até ${formatDateTime(renewal.until)}, enquanto as peças estiverem disponíveis.`
          : `Se não der tempo de pagar, gere ${pix ? 'um novo PIX' : 'um novo boleto'} para o mesmo pedido, pelo mesmo valor.`}
      </p>
      {problem ? (
        <Alert variant="warning" role="alert" data-testid="renew-payment-problem">
          {problem}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={ask} disabled={pending} aria-busy={pending}>
          {pending ? 'Gerando...' : label}
        </Button>
      </div>
    </Card>
  );
}
