/**
 * The WhatsApp utility templates of the order updates, and what fills them. The store's owner
 * creates and gets approved in WhatsApp Manager one template per name below, language pt_BR,
 * category Utility, with exactly these body parameters (docs/operating.md lists the texts):
 *
 * | kind | template | {{1}} | {{2}} | {{3}} | {{4}} |
 * |---|---|---|---|---|---|
 * | received | `prata_pedido_recebido` | order number | total 'R$ 1.234,56' | tracking link | |
 * | paid | `prata_pagamento_confirmado` | order number | tracking link | | |
 * | shipped | `prata_pedido_enviado` | order number | carrier | tracking code (or 'em breve') | tracking link |
 * | delivered | `prata_pedido_entregue` | order number | tracking link | | |
 * | recovery | `prata_pagamento_lembrete` | order number | total 'R$ 1.234,56' | tracking link | |
 *
 * The number a shopper types at checkout is not proven (nothing shows the store that the shopper
 * holds it), so, as the e-mails do for an unconfirmed address (orders/order-mail.ts), no message
 * carries the PIX copia e cola, the boleto line or the name the buyer wrote: 'received' sends the
 * tracking link, whose page shows the code only to a proven contact and otherwise sends the
 * shopper to the account's order page, behind sign-in. 'recovery' (the PIX code or boleto is about
 * to expire) likewise sends the link, where 'Gerar novo PIX' / 'Gerar novo boleto' is offered.
 */
import { formatBRL, type OrderMessageKind } from '@prata/contracts';
import type { Order } from '../orders/index.ts';

/** The approved template of each kind. */
export const WHATSAPP_TEMPLATES: Readonly<Record<OrderMessageKind, string>> = {
  received: 'prata_pedido_recebido',
  paid: 'prata_pagamento_confirmado',
  shipped: 'prata_pedido_enviado',
  delivered: 'prata_pedido_entregue',
  recovery: 'prata_pagamento_lembrete',
};

/** The templates' language. */
export const WHATSAPP_TEMPLATE_LANGUAGE = 'pt_BR';

/** The body parameters of `kind`'s template for `order`, in order ({{1}}, {{2}}, ...); `trackingLink` is the order's `/pedido/<token>`. */
export function orderTemplateParameters(order: Pick<Order, 'number' | 'totalCents' | 'carrier' | 'trackingCode'>, kind: OrderMessageKind, trackingLink: string): string[] {
  switch (kind) {
    case 'received':
    case 'recovery':
      // Intl writes a no-break space after 'R$': a plain one reads the same in any client.
      return [order.number, formatBRL(order.totalCents).replace(/\s/g, ' '), trackingLink];
    case 'paid':
      return [order.number, trackingLink];
    case 'shipped':
      return [order.number, order.carrier ?? 'transportadora', order.trackingCode ?? 'em breve', trackingLink];
    case 'delivered':
      return [order.number, trackingLink];
  }
}
