/**
 * 'Recuperação' on the dashboard: over the last 30 days, the reminders sent (cart reminders by
 * e-mail, payment reminders by e-mail and WhatsApp), the carts recovered (an order placed after a
 * reminder's link, paid), the orders recovered (paid after a new PIX or boleto or after the
 * payment reminder) and the revenue they brought, net of orders cancelled or refunded since.
 * Its own query, so a failure here leaves the overview.
 */
import { RotateCcw } from 'lucide-react';
import { Card, Skeleton, formatBRL } from '@prata/shared-ui';
import { useRecovery } from '../api/get-recovery.ts';
import styles from './dashboard.module.css';

const DAYS = 30;

export function RecoveryCard() {
  const { data, isPending, isError } = useRecovery(DAYS);
  return (
    <Card title="Recuperação" icon={<RotateCcw size={20} aria-hidden="true" />} testId="recovery-card">
      <p className={styles.muted}>Lembretes de carrinho e de pagamento, nos últimos {DAYS} dias. A receita desconta pedidos cancelados ou reembolsados.</p>
      {isPending ? (
        <Skeleton height={48} />
      ) : isError ? (
        <p className={styles.muted}>Não foi possível carregar os números de recuperação.</p>
      ) : (
        <dl className={styles.figures}>
          <div>
            <dt>Mensagens enviadas</dt>
            <dd data-testid="recovery-messages">{data.messagesSent.total}</dd>
            <dd className={styles.channels} data-testid="recovery-channels">
              Carrinho: {data.messagesSent.cartEmails} por e-mail · Pagamento: {data.messagesSent.paymentEmails} por e-mail, {data.messagesSent.paymentWhatsApp} por WhatsApp
            </dd>
          </div>
          <div>
            <dt>Carrinhos recuperados</dt>
            <dd data-testid="recovery-carts">{data.cartsRecovered}</dd>
          </div>
          <div>
            <dt>Pedidos recuperados</dt>
            <dd data-testid="recovery-orders">{data.ordersRecovered}</dd>
          </div>
          <div>
            <dt>Receita recuperada</dt>
            <dd data-testid="recovery-revenue">{formatBRL(data.revenueRecoveredCents)}</dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
