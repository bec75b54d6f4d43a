/**
 * The order e-mails, in pt-BR, sent through the store's mailer (SMTP or the outbox):
 * order received (with the PIX copia e cola code or the boleto line), payment confirmed,
 * shipped (carrier and tracking code), delivered (the carrier reported it;
 * it names the 7-day withdrawal right), cancelled (and refunded; an expired PIX or boleto offers a
 * new one for the same order), and the one reminder that a PIX or boleto is about to expire
 * (payment-recovery.service.ts).
 *
 * The contact address of an order is free text at checkout and is not proven (security review
 * 2026-11-29 #2: the store mailed a genuine PIX charge, under a greeting the buyer wrote, to any
 * address). So the order's mails carry the PIX copia e cola, the boleto line and the buyer's name
 * only when that address is the buyer account's confirmed e-mail (`contactVerified`); to any other
 * address they greet with 'Olá!' and send the shopper to the order's page in the account (behind
 * sign-in), where the code is shown. No second proof (a one-time code) is asked: the confirmation
 * page and the account already show the code to the one who placed the order.
 *
 * Every mail links to the order's tracking page, `/pedido/<token>` (order-tracking-links.ts): it
 * opens without signing in, on whatever phone read the e-mail, and withholds the same code from
 * an unproven address (order-tracking.service.ts).
 */
import { CANCEL_REASON_LABELS, ENGRAVING_LABEL, GIFT_WRAP_LABEL, MAX_PAYMENT_RENEWALS, centsToDecimal, productionDaysText, type CancelReason } from '@prata/contracts';
import type { MailMessage } from '../../mail/mailer.ts';
import { amountDueCents, type Order } from './order.entities.ts';

export type OrderMailKind = 'received' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'payment_reminder';

/** BRL cents as 'R$ 1.234,56' (integer arithmetic). */
export function formatCents(cents: number): string {
  const [whole = '0', fraction = '00'] = centsToDecimal(cents).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fraction}`;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** An ISO calendar date as dd/MM/yyyy. */
function isoToBr(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The gift part of the 'received' and 'paid' e-mails ('' without one): the wrap and its price, each
 * engraving and its price, the production days, the gift receipt. The engraved texts and the gift
 * message are text the buyer wrote: only to the account's confirmed address (`contactVerified`).
 */
export function giftSummary(order: Order): string {
  const lines: string[] = [];
  if (order.giftWrap) lines.push(`${GIFT_WRAP_LABEL}: ${formatCents(order.giftWrapCents)}`);
  const items = order.items.isInitialized() ? order.items.getItems() : [];
  for (const item of items.filter((line) => line.engravingText)) {
    const text = order.contactVerified ? ` "${item.engravingText}"` : '';
    lines.push(`${ENGRAVING_LABEL}${text} em ${item.productName} (${item.quantity} × ${formatCents(item.engravingUnitCents)})`);
  }
  if (items.length === 0 && order.engravingCents > 0) lines.push(`${ENGRAVING_LABEL}: ${formatCents(order.engravingCents)}`);
  if (order.productionDays > 0) lines.push(`Prazo de produção da gravação: ${productionDaysText(order.productionDays)}, somados ao prazo de entrega`);
  if (order.giftReceipt) lines.push('Recibo de presente (sem preços) incluído na caixa');
  if (order.giftMessage && order.contactVerified) lines.push(`Mensagem de presente: ${order.giftMessage}`);
  return lines.length > 0 ? `\n\nPresente:\n- ${lines.join('\n- ')}` : '';
}

/** Where an order e-mail sends the shopper: the tracking page (no sign-in) and the order's page in the account. */
export interface OrderMailLinks {
  tracking: string;
  account: string;
}

/** The e-mail of `kind` for `order`; its link is the tracking page, the account's page only where signing in is the point. */
export function orderMail(order: Order, kind: OrderMailKind, links: OrderMailLinks): MailMessage {
  const link = links.tracking;
  const hello = order.contactVerified ? `Olá, ${order.customerName}!` : 'Olá!';
  const follow = `Acompanhe o seu pedido em: ${link}`;
  const total = formatCents(order.totalCents);
  // Store credit paying part of the order: what it paid, and what is left to pay.
  const credit = order.storeCreditCents > 0 ? formatCents(order.storeCreditCents) : null;
  const byCredit = credit ? ` (${credit} pagos com crédito na loja; a pagar: ${formatCents(amountDueCents(order))})` : '';
  switch (kind) {
    case 'received': {
      let how = 'Assim que o pagamento for confirmado, avisaremos você por e-mail.';
      if (!order.contactVerified && (order.paymentMethod === 'pix' || order.paymentMethod === 'boleto')) {
        how = `Para pagar, entre na sua conta e abra o pedido: o ${order.paymentMethod === 'pix' ? 'código PIX' : 'boleto'} está na página do pedido (${links.account}).`;
      } else if (order.paymentMethod === 'pix' && order.pixPayload && order.pixExpiresAt) {
        how = `Pague com PIX até ${dateTime.format(order.pixExpiresAt)} usando o código copia e cola abaixo:\n\n${order.pixPayload}\n\nDepois desse prazo o pedido é cancelado.`;
      } else if (order.paymentMethod === 'mercadopago-credits') {
        how = order.contactVerified && order.creditsCheckoutUrl
          ? `Conclua o pagamento em até 12x pela sua conta Mercado Pago, sem cartão de crédito, neste link: ${order.creditsCheckoutUrl}\n\nSe o pagamento não for concluído em alguns minutos, o pedido é cancelado.`
          : `Para concluir o pagamento pelo Mercado Pago, entre na sua conta e abra o pedido (${links.account}).`;
      } else if (order.paymentMethod === 'boleto' && order.boletoLine && order.boletoDueDate) {
        how = `Pague o boleto até ${isoToBr(order.boletoDueDate)}. Linha digitável:\n\n${order.boletoLine}\n\nO pedido é confirmado após a compensação do pagamento.`;
      }
      return { to: order.customerEmail, subject: `Pedido ${order.number} recebido`, text: `${hello}\n\nRecebemos o seu pedido ${order.number} no valor de ${total}${byCredit}.${giftSummary(order)}\n\n${how}\n\n${follow}`, link };
    }
    case 'paid':
      return {
        to: order.customerEmail,
        subject: `Pagamento confirmado - pedido ${order.number}`,
        text: `${hello}\n\nO pagamento do pedido ${order.number} (${total}${order.paymentMethod === 'store-credit' ? ', pago com crédito na loja' : ''}) foi confirmado. Seu pedido será processado em até 24 horas${order.productionDays > 0 ? ` (a gravação leva ${productionDaysText(order.productionDays).slice(1)})` : ''} e você receberá o código de rastreio assim que ele for enviado.${giftSummary(order)}\n\n${follow}`,
        link,
      };
    case 'shipped':
      return {
        to: order.customerEmail,
        subject: `Pedido ${order.number} enviado`,
        text: `${hello}\n\nSeu pedido ${order.number} foi enviado pela ${order.carrier ?? 'transportadora'}.\n${order.trackingCode ? `Código de rastreio: ${order.trackingCode}` : 'O código de rastreio aparece em Meus pedidos assim que a transportadora o informar.'}\n\n${follow}`,
        link,
      };
    case 'delivered':
      return {
        to: order.customerEmail,
        subject: `Pedido ${order.number} entregue`,
        text: `${hello}\n\nSeu pedido ${order.number} foi entregue${order.trackingCode ? ` (${order.carrier ?? 'transportadora'}, rastreio ${order.trackingCode})` : ''}.\n\nSe quiser devolver ou trocar alguma peça, você pode pedir em até 7 dias a partir do recebimento.\n\n${follow}`,
        link,
      };
    case 'payment_reminder': {
      const pix = order.paymentMethod === 'pix';
      const deadline = pix && order.pixExpiresAt ? `às ${dateTime.format(order.pixExpiresAt).split(' ').at(-1)}` : 'em breve';
      return {
        to: order.customerEmail,
        subject: pix ? `O PIX do pedido ${order.number} expira em breve` : `O boleto do pedido ${order.number} vence em breve`,
        text: `${hello}\n\n${pix ? `O código PIX do pedido ${order.number} (${formatCents(amountDueCents(order))}) expira ${deadline}` : `As peças do pedido ${order.number} (${formatCents(amountDueCents(order))}) ficam reservadas só até o fim do prazo do boleto`}. Se ainda não pagou, pague pela página do pedido; se o prazo passar, você pode gerar ${pix ? 'um novo PIX' : 'um novo boleto'} para o mesmo pedido por lá, enquanto as peças estiverem disponíveis.\n\nPágina do pedido: ${link}`,
        link,
      };
    }
    case 'cancelled': {
      const reason = CANCEL_REASON_LABELS[order.cancelReason as CancelReason] ?? 'Pedido cancelado';
      const refunded = order.refundedCents
        ? `\n\nO valor de ${formatCents(order.refundedCents)} foi estornado pela forma de pagamento usada (cartão: em até 2 faturas; PIX: em até 2 dias úteis; boleto: em até 5 dias úteis).`
        : '';
      const creditBack = credit ? `\n\nO crédito de ${credit} usado no pedido voltou para o seu saldo em Minha conta.` : '';
      // An expired PIX or boleto can be issued again for the same order (payment-recovery.service.ts).
      const renewable = order.cancelReason === 'payment_expired' && (order.paymentMethod === 'pix' || order.paymentMethod === 'boleto') && order.paymentRenewals < MAX_PAYMENT_RENEWALS;
      const again = renewable ? `\n\nAinda quer as peças? Gere ${order.paymentMethod === 'pix' ? 'um novo PIX' : 'um novo boleto'} para o mesmo pedido, pelo mesmo valor, na página do pedido (enquanto as peças estiverem disponíveis).` : '';
      return {
        to: order.customerEmail,
        subject: order.refundedCents ? `Pedido ${order.number} cancelado e reembolsado` : `Pedido ${order.number} cancelado`,
        text: `${hello}\n\nO pedido ${order.number} foi cancelado (${reason}).${refunded}${creditBack}${again}\n\n${follow}`,
        link,
      };
    }
  }
}
