/**
 * The order's WhatsApp messages on the staff's order page, for a shopper who opted in at checkout:
 * each update (pedido recebido, pagamento confirmado, enviado, entregue) with its status (na fila,
 * enviada, entregue, lida, falhou, não enviada), when it last moved and the error of a failed one
 * (the e-mail went anyway). Says so when WhatsApp is not configured in the store; nothing when the
 * shopper did not opt in. Only existing classes (the admin CSS budget).
 */
import { ORDER_MESSAGE_KIND_LABELS, ORDER_MESSAGE_STATUS_LABELS, type AdminOrderMessage } from '@prata/contracts';
import { Card, formatDateTime } from '@prata/shared-ui';
import { useAdminOrderMessages } from '../api/get-admin-order-messages.ts';
import styles from './orders.module.css';

/** When the message last moved: read, delivered, failed, sent or queued. */
const lastMoved = (message: AdminOrderMessage) => message.readAt ?? message.deliveredAt ?? message.failedAt ?? message.sentAt ?? message.createdAt;

export function OrderMessages({ orderId }: { orderId: string }) {
  const { data } = useAdminOrderMessages(orderId);
  if (!data?.optIn) return null;
  return (
    <Card title="WhatsApp" testId="admin-order-messages">
      {!data.enabled ? (
        <p>O cliente pediu as atualizações pelo WhatsApp, mas o WhatsApp não está configurado nesta loja: só os e-mails foram enviados.</p>
      ) : data.messages.length === 0 ? (
        <p>O cliente pediu as atualizações pelo WhatsApp. Nenhuma mensagem enviada ainda.</p>
      ) : (
        <dl className={styles.facts}>
          {data.messages.map((message) => (
            <div key={message.id} className={styles.row} data-testid={`admin-order-message-${message.kind}`}>
              <dt>{ORDER_MESSAGE_KIND_LABELS[message.kind]}</dt>
              <dd>
                {ORDER_MESSAGE_STATUS_LABELS[message.status]} · {formatDateTime(lastMoved(message))}
                {message.status === 'failed' && message.error ? ` · ${message.error} (o e-mail foi enviado)` : ''}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
