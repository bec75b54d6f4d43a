/**
 * The order's gift on the staff's order page: 'Embalagem para presente' and its price, the gift
 * message (for the packing slip; never on the invoice), the gift receipt, the engraving's production
 * days, and the links to print the packing list ('Lista de itens', with the message) and the gift
 * receipt (no prices), both signed links the browser opens. The packing list is offered for every
 * order; the rest only when the shopper chose it. Only existing classes (the admin CSS budget).
 */
import { productionDaysText } from '@prata/contracts/gifts';
import type { AdminOrder } from '@prata/contracts';
import { Card, Price } from '@prata/shared-ui';
import { useOrderDocuments } from '../api/get-order-documents.ts';
import styles from './orders.module.css';

export function OrderGift({ order }: { order: Pick<AdminOrder, 'id' | 'gift' | 'delivery' | 'items'> }) {
  const { data: documents } = useOrderDocuments(order.id);
  const { gift } = order;
  const productionDays = order.delivery.productionDays ?? 0;
  const engraved = order.items.some((item) => item.engraving);
  return (
    <Card title={gift || engraved ? 'Presente e gravação' : 'Documentos'} testId="admin-order-gift">
      {gift || engraved ? (
        <dl className={styles.facts}>
          {gift?.wrap ? (
            <div className={styles.row}>
              <dt>Embalagem para presente</dt>
              <dd>
                <Price cents={gift.wrapCents} />
              </dd>
            </div>
          ) : null}
          {gift?.message ? (
            <div className={styles.row}>
              <dt>Mensagem de presente</dt>
              <dd data-testid="admin-gift-message">{gift.message}</dd>
            </div>
          ) : null}
          {gift?.receipt ? (
            <div className={styles.row}>
              <dt>Recibo de presente</dt>
              <dd>Incluir, sem preços</dd>
            </div>
          ) : null}
          {productionDays > 0 ? (
            <div className={styles.row}>
              <dt>Produção da gravação</dt>
              <dd>{productionDaysText(productionDays)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {documents ? (
        <p className={styles.actions}>
          <a href={documents.packingListUrl} target="_blank" rel="noreferrer" data-testid="admin-packing-list">
            Lista de itens (romaneio)
          </a>
          {documents.giftReceiptUrl ? (
            <>
              {' · '}
              <a href={documents.giftReceiptUrl} target="_blank" rel="noreferrer" data-testid="admin-gift-receipt">
                Recibo de presente
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </Card>
  );
}
