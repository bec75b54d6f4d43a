/**
 * The returns e-mails (every step is e-mailed), in pt-BR, queued
 * in the mail outbox with the request's change (delivered after commit): request received (for
 * the owner's review), approved (send the pieces), refused (with the owner's note), pieces
 * received, refunded (through the acquirer, with the usual delays), credited (store credit),
 * exchange done.
 */
import { RETURN_KIND_LABELS, formatBRL, type ReturnStatus } from '@prata/contracts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { Order } from '../orders/index.ts';
import type { ReturnRequest } from './return.entities.ts';

/** The e-mail to the shopper about `request` reaching `status`; `link` is the order's page. */
export function returnMail(order: Order, request: ReturnRequest, status: ReturnStatus, link: string): MailMessage {
  const what = RETURN_KIND_LABELS[request.kind].toLowerCase();
  // The buyer's name only to the account's own confirmed address (order-mail.ts, review #2).
  const hello = order.contactVerified ? `Olá, ${order.customerName}!` : 'Olá!';
  const follow = `Acompanhe a sua solicitação em: ${link}`;
  const subject = (text: string) => `${text} - pedido ${order.number}`;
  const body = (text: string) => ({ to: order.customerEmail, text: `${hello}\n\n${text}\n\n${follow}`, link });
  switch (status) {
    case 'requested':
      return { subject: subject(`Solicitação de ${what} recebida`), ...body(`Recebemos a sua solicitação de ${what} do pedido ${order.number}. Como o prazo de 7 dias do direito de arrependimento já passou, a loja vai analisá-la e responder por e-mail.`) };
    case 'approved':
      return {
        subject: subject(`Solicitação de ${what} aprovada`),
        ...body(`${request.withinWithdrawal ? 'Sua solicitação está dentro do prazo de 7 dias do direito de arrependimento e foi aprovada.' : 'A loja aprovou a sua solicitação.'} Envie as peças de volta para a loja; avisaremos assim que elas chegarem.`),
      };
    case 'rejected':
      return { subject: subject(`Solicitação de ${what} recusada`), ...body(`A loja recusou a sua solicitação de ${what} do pedido ${order.number}.${request.note ? `\nMotivo: ${request.note}` : ''}`) };
    case 'received':
      return { subject: subject('Peças recebidas'), ...body(`Recebemos as peças da sua solicitação de ${what} do pedido ${order.number}.`) };
    case 'refunded':
      return {
        subject: subject('Reembolso realizado'),
        ...body(
          [
            request.refundedCents
              ? request.refundReference === 'manual'
                ? `O valor de ${formatBRL(request.refundedCents)} será devolvido diretamente pela loja, que entrará em contato para combinar a transferência.`
                : `O valor de ${formatBRL(request.refundedCents)} foi estornado pela forma de pagamento usada (cartão: em até 2 faturas; PIX: em até 2 dias úteis).`
              : null,
            // The part paid with store credit goes back as credit.
            request.creditedCents ? `O valor de ${formatBRL(request.creditedCents)}, pago com crédito na loja, voltou para o seu saldo em Minha conta.` : null,
          ]
            .filter(Boolean)
            .join('\n'),
        ),
      };
    case 'credited':
      return { subject: subject('Crédito na loja'), ...body(`Você recebeu ${formatBRL(request.creditedCents ?? 0)} de crédito na loja. O saldo aparece em Minha conta.`) };
    case 'exchanged':
      return { subject: subject('Troca concluída'), ...body(`A troca do pedido ${order.number} foi concluída: ${replacements(request)} seguem para você.`) };
  }
}

/** The pieces an exchange sends, e.g. '1 × Anel Solitário (Aro 16)' (the named option, or the piece bought). */
function replacements(request: ReturnRequest): string {
  return request.lines
    .getItems()
    .map((line) => {
      const label = line.replacementLabel ?? line.orderItem.variantLabel;
      return `${line.quantity} × ${line.orderItem.productName}${label ? ` (${label})` : ''}`;
    })
    .join(', ');
}
