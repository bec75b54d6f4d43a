/**
 * The order's printable documents, plain HTML like the sandbox label (the API's CSP allows no
 * script or style): the packing list that goes in the box (pieces, units, engraved texts, the gift
 * wrap and the gift message; no prices) and the gift
 * receipt (the pieces and what was done to them, never a price or the buyer's payment), and the
 * signed links staff open them with (`GET /api/order-documents/:id/:kind?expires=&signature=`,
 * valid {@link DOCUMENT_LINK_TTL_MS}; HMAC-SHA256 with a key derived from JWT_SECRET for this purpose
 * only, like the invoices' links).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ENGRAVING_LABEL, GIFT_WRAP_LABEL, type OrderDocumentKind } from '@prata/contracts';
import { escapeHtml } from '../../lib/html.ts';
import type { Order, OrderItem } from '../orders/index.ts';

/** How long a document link stays valid, ms. */
export const DOCUMENT_LINK_TTL_MS = 15 * 60_000;

/** Signed links to an order's documents. */
export class OrderDocumentLinks {
  private readonly key: Buffer;
  private readonly apiUrl: string;

  /** `secret`: the service's JWT_SECRET; `apiUrl`: the API's public origin. */
  constructor(secret: string, apiUrl: string) {
    this.key = createHmac('sha256', secret).update('prata925:order-document').digest();
    this.apiUrl = apiUrl;
  }

  /** The link to `kind` of order `id`, valid from `now` for DOCUMENT_LINK_TTL_MS. */
  url(id: string, kind: OrderDocumentKind, now: Date): string {
    const expires = now.getTime() + DOCUMENT_LINK_TTL_MS;
    return `${this.apiUrl}/api/order-documents/${id}/${kind}?expires=${expires}&signature=${this.mac(id, kind, expires)}`;
  }

  /** Whether `signature` was made for (id, kind, expires) and `expires` is still ahead of `now`. */
  verify(id: string, kind: OrderDocumentKind, expires: number, signature: string, now: Date): boolean {
    if (expires < now.getTime()) return false;
    const expected = Buffer.from(this.mac(id, kind, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(id: string, kind: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}\u0000${kind}\u0000${expires}`).digest('base64url');
  }
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

const piece = (item: OrderItem) => escapeHtml(item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName);

/** The gift message as printed: its lines kept. */
const messageHtml = (message: string) => escapeHtml(message).replace(/\n/g, '<br>');

/**
 * The packing list's lines and gift notes of `order` (items populated), as an HTML fragment: each
 * line's units, piece, SKU and engraved text, the gift wrap, the gift receipt to enclose and the
 * gift message to print. No prices (a gift's box carries none). The sandbox label prints it too.
 */
export function packingListSection(order: Order): string {
  const rows = order.items
    .getItems()
    .map((item) => {
      const engraving = item.engravingText ? `<br>${ENGRAVING_LABEL}: “${escapeHtml(item.engravingText)}”` : '';
      return `<tr><td>${item.quantity}</td><td>${piece(item)}${engraving}</td><td>${escapeHtml(item.sku ?? '')}</td></tr>`;
    })
    .join('');
  return (
    `<h2>Lista de itens</h2><table><thead><tr><th>Qtd.</th><th>Peça</th><th>SKU</th></tr></thead><tbody>${rows}</tbody></table>` +
    (order.giftWrap ? `<p><strong>${GIFT_WRAP_LABEL}</strong>: embalar para presente.</p>` : '') +
    (order.giftReceipt ? '<p><strong>Recibo de presente</strong>: incluir o recibo sem preços; nenhum valor na caixa.</p>' : '') +
    (order.giftMessage ? `<h2>Mensagem de presente</h2><blockquote>${messageHtml(order.giftMessage)}</blockquote>` : '')
  );
}

/** The packing list of `order` (items populated) as a page: the store, the recipient and {@link packingListSection}. */
export function packingListHtml(order: Order, storeName: string): string {
  return page(
    `Lista de itens ${order.number}`,
    `<h1>Pedido ${escapeHtml(order.number)}</h1><p>${escapeHtml(storeName)}<br>Para: ${escapeHtml(order.customerName)}, ${escapeHtml(order.city)}/${escapeHtml(order.state)}</p>` + packingListSection(order),
  );
}

/**
 * The gift receipt of `order` (items populated): the store, the order's number and date, each
 * piece with its units and engraved text, the wrap and the gift message; no price, total or
 * payment anywhere, and a note that an exchange needs only the order number.
 */
export function giftReceiptHtml(order: Order, storeName: string): string {
  const rows = order.items
    .getItems()
    .map((item) => `<li>${item.quantity} × ${piece(item)}${item.engravingText ? ` — ${ENGRAVING_LABEL}: “${escapeHtml(item.engravingText)}”` : ''}</li>`)
    .join('');
  const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'long' }).format(order.createdAt);
  return page(
    `Recibo de presente ${order.number}`,
    `<h1>Recibo de presente</h1>` +
      `<p>${escapeHtml(storeName)}<br>Pedido ${escapeHtml(order.number)} de ${escapeHtml(date)}</p>` +
      `<ul>${rows}</ul>` +
      (order.giftWrap ? `<p>${GIFT_WRAP_LABEL}</p>` : '') +
      (order.giftMessage ? `<blockquote>${messageHtml(order.giftMessage)}</blockquote>` : '') +
      `<p>Para trocar, informe o número do pedido ${escapeHtml(order.number)}. Este recibo não mostra valores.</p>`,
  );
}
