/**
 * One order for the staff: status, actions, payment alert, customer and delivery
 * address, items and totals, payment data (method, card brand and last 4 with instalments, PIX
 * or boleto status, the acquirer's reference) and the timeline of every status change with who
 * and when. A line of a product with variants shows its variant and SKU ('Aro 16 · SKU ANEL-16').
 * Once paid, the order's invoice (NF-e, order-invoice.tsx). Store credit the shopper
 * spent shows after the total ('Crédito da loja'); the card's instalments are those the
 * acquirer charged (they split the total less that credit, `pricing.amountDueCents`, plus the
 * interest of a plan above the interest-free instalments, whose total then shows).
 */
import { CANCEL_REASON_LABELS, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, type AdminOrder } from '@prata/contracts';
import { Alert, Card, OrderStatusBadge, Price, Table, formatBRL, formatDateTime } from '@prata/shared-ui';
import { OrderActions } from './order-actions.tsx';
import { OrderGift } from './order-gift.tsx';
import { OrderInvoice } from './order-invoice.tsx';
import { OrderLabel } from './order-label.tsx';
import { OrderMessages } from './order-messages.tsx';
import { OrderReturns } from './order-returns.tsx';
import styles from './orders.module.css';

const ALERT_TEXTS = {
  paid_after_expiry: 'Pagamento confirmado depois que o pedido expirou ou foi cancelado. Reembolse o cliente ou reative o pedido.',
  amount_mismatch: 'A operadora confirmou um valor menor que o total do pedido. Confira antes de marcar como pago.',
  refunded_by_provider: 'O pagamento foi estornado ou contestado na operadora depois do envio.',
} as const;
const PROVIDER_NAMES: Record<string, string> = { sandbox: 'Sandbox (teste)', mercadopago: 'Mercado Pago' };
const PROVIDER_STATUSES: Record<string, string> = {
  approved: 'Aprovado',
  pending: 'Pendente',
  in_process: 'Em análise',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  refunded: 'Estornado',
  charged_back: 'Contestado',
  manual: 'Confirmado manualmente',
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The staff's page of one order (see the module comment). */
export function OrderDetail({ order }: { order: AdminOrder }) {
  const { payment, shipping, customer, shipment, cancellation } = order;
  const card = payment.card;
  const cardTotal = card ? card.installmentAmounts.reduce((sum, amount) => sum + amount, 0) : 0;
  return (
    <div className={styles.stack} data-testid="admin-order">
      <div className={styles.heading}>
        <h2>Pedido {order.number}</h2>
        <span data-testid="admin-order-status">
          <OrderStatusBadge status={order.status} />
        </span>
      </div>
      {order.paymentAlert && !order.paymentAlert.resolution ? (
        <Alert variant="danger" title="Atenção ao pagamento">
          {ALERT_TEXTS[order.paymentAlert.kind]}
        </Alert>
      ) : null}
      <OrderActions order={order} />
      <OrderLabel order={order} />

      <div className={styles.grid}>
        <Card title="Cliente e entrega">
          <dl className={styles.facts}>
            <Row label="Nome">{customer.name}</Row>
            <Row label="Email">{customer.email}</Row>
            <Row label="Telefone">{customer.phone}</Row>
            <Row label="Endereço">
              {shipping.street}, {shipping.number}
              {shipping.complement ? ` - ${shipping.complement}` : ''}, {shipping.neighborhood} - {shipping.city}/{shipping.state} - CEP {shipping.zipCode}
            </Row>
            {shipment ? (
              <Row label="Envio">
                {shipment.carrier} · <strong data-testid="admin-tracking-code">{shipment.trackingCode}</strong>
              </Row>
            ) : null}
          </dl>
        </Card>

        <Card title="Pagamento">
          <dl className={styles.facts}>
            <Row label="Forma">{PAYMENT_METHOD_LABELS[payment.method]}</Row>
            {card ? (
              <Row label="Cartão">
                {card.brand} final {card.last4} · {card.installments}x ({card.installmentAmounts.map((c) => formatBRL(c)).join(' + ')})
                {cardTotal > order.pricing.amountDueCents ? ` · total ${formatBRL(cardTotal)} com juros` : null}
              </Row>
            ) : null}
            {payment.credits ? (
              <Row label="Mercado Pago">
                <a href={payment.credits.checkoutUrl} target="_blank" rel="noreferrer">
                  Link de pagamento
                </a>{' '}
                · preferência <span className={styles.code}>{payment.credits.preferenceId}</span>
              </Row>
            ) : null}
            {payment.pix ? <Row label="PIX válido até">{formatDateTime(payment.pix.expiresAt)}</Row> : null}
            {payment.boleto ? (
              <Row label="Boleto">
                vence em {payment.boleto.dueDate.split('-').reverse().join('/')} · <span className={styles.code}>{payment.boleto.line}</span>
              </Row>
            ) : null}
            <Row label="Operadora">{order.provider.name ? (PROVIDER_NAMES[order.provider.name] ?? order.provider.name) : '—'}</Row>
            <Row label="Situação na operadora">{order.provider.status ? (PROVIDER_STATUSES[order.provider.status] ?? order.provider.status) : '—'}</Row>
            <Row label="Referência">{order.provider.reference ?? '—'}</Row>
            {payment.paidAt ? <Row label="Pago em">{formatDateTime(payment.paidAt)}</Row> : null}
            {cancellation ? (
              <Row label="Cancelamento">
                {CANCEL_REASON_LABELS[cancellation.reason]}
                {cancellation.refundedCents ? ` · reembolso de ${formatBRL(cancellation.refundedCents)}` : ''}
              </Row>
            ) : null}
          </dl>
        </Card>
      </div>

      {order.status !== 'pending' ? <OrderInvoice orderId={order.id} /> : null}
      <OrderMessages orderId={order.id} />
      <OrderGift order={order} />

      <Card title="Itens">
        <Table caption="Itens do pedido" hideCaption variant="compact">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Qtd.</th>
              <th scope="col">Preço</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.productId ?? 'removido'}-${index}`}>
                <td>
                  {item.productName}
                  {item.variantLabel ? <div data-testid="order-item-variant">{item.variantLabel}{item.sku ? ` · SKU ${item.sku}` : ''}</div> : null}
                  {item.engraving ? (
                    <div data-testid="order-item-engraving">
                      Gravação: “{item.engraving.text}” (+ <Price cents={item.engraving.unitCents} /> cada)
                    </div>
                  ) : null}
                </td>
                <td>{item.quantity}</td>
                <td>
                  <Price cents={item.unitPriceCents} />
                </td>
                <td>
                  <Price cents={item.totalPriceCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p className={styles.total} data-testid="order-pricing">
          Subtotal <Price cents={order.pricing.subtotalCents} /> · Frete{order.shippingService ? ` (${order.shippingService.name})` : ''}{' '}
          {order.pricing.shippingCents === 0 ? 'grátis' : <Price cents={order.pricing.shippingCents} />}
          {order.pricing.engravingCents ? (
            <>
              {' '}· Gravação <Price cents={order.pricing.engravingCents} />
            </>
          ) : null}
          {order.pricing.giftWrapCents ? (
            <>
              {' '}· Embalagem para presente <Price cents={order.pricing.giftWrapCents} />
            </>
          ) : null}
          {order.pricing.couponDiscountCents > 0 ? (
            <>
              {' '}· Cupom {order.pricing.couponCode} − <Price cents={order.pricing.couponDiscountCents} />
            </>
          ) : null}
          {order.pricing.pixDiscountCents > 0 ? (
            <>
              {' '}· Desconto no PIX − <Price cents={order.pricing.pixDiscountCents} />
            </>
          ) : null}{' '}
          · Total <Price cents={order.totalCents} />
          {order.pricing.storeCreditCents > 0 ? (
            <>
              {' '}· Crédito da loja − <Price cents={order.pricing.storeCreditCents} />
            </>
          ) : null}
        </p>
        {order.refundedCents > 0 ? (
          <p className={styles.total} data-testid="order-refunded">
            Reembolsado <Price cents={order.refundedCents} />
          </p>
        ) : null}
      </Card>

      <OrderReturns orderId={order.id} />

      <Card title="Histórico">
        <Table caption="Histórico do pedido" hideCaption variant="compact" data-testid="order-timeline">
          <thead>
            <tr>
              <th scope="col">Quando</th>
              <th scope="col">Status</th>
              <th scope="col">Quem</th>
              <th scope="col">Observação</th>
            </tr>
          </thead>
          <tbody>
            {order.timeline.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td>{entry.from && entry.from !== entry.status ? `${ORDER_STATUS_LABELS[entry.from]} → ${ORDER_STATUS_LABELS[entry.status]}` : ORDER_STATUS_LABELS[entry.status]}</td>
                <td>{entry.actor}</td>
                <td>{entry.note ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
    </div>
  );
}
