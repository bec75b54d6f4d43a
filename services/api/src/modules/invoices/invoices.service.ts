/**
 * The invoice (NF-e) of each paid order: requested from the invoicing
 * provider through the job queue, so a provider that is down never blocks the order.
 *
 * - {@link InvoiceService.request}: on `OrderPaid`, the order's `invoices` row (`requested`), once.
 * - {@link InvoiceService.issue} (job `invoice-issue`): sends the NF-e; the provider down (network,
 *   5xx) counts an attempt and throws, so pg-boss retries it with backoff; a refusal (4xx,
 *   `erro_autorizacao`) marks it `rejected`; accepted but not yet authorised -> `processing`, and
 *   the caller queues the poll.
 * - {@link InvoiceService.poll} (job `invoice-poll`): reads its status until authorised (throws
 *   while SEFAZ has not answered, so the queue asks again later, with backoff).
 * - {@link InvoiceService.cancel} (job `invoice-cancel`, on `OrderCancelled`/`OrderRefunded`):
 *   cancels an authorised invoice at the provider; one never issued is closed here; one still
 *   processing is retried until it can be cancelled.
 * - {@link InvoiceService.giveUp}: the last retry failed: `failed`, for staff to see.
 * - {@link InvoiceService.retry}: staff send a failed or rejected invoice again (audited).
 * - {@link InvoiceService.forBuyer} / {@link InvoiceService.forStaff}: the views, with signed links.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { ENGRAVING_LABEL, GIFT_WRAP_LABEL, type AdminOrderInvoice, type OrderInvoice } from '@prata/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { Order } from '../orders/index.ts';
import { Invoice } from './invoice.entity.ts';
import type { InvoiceFileKind, InvoiceLinks } from './invoice-links.ts';
import {
  InvoiceProviderRejectedError,
  InvoiceProviderUnavailableError,
  REFUND_JUSTIFICATION,
  type InvoiceDocument,
  type InvoiceProvider,
  type InvoiceRequest,
  type InvoiceState,
} from './invoice-provider.ts';

/** Thrown by the poll while SEFAZ has not answered: the job queue asks again later. */
export class InvoiceStillProcessingError extends Error {
  constructor(ref: string) {
    super(`invoice ${ref} is still being authorised`);
    this.name = 'InvoiceStillProcessingError';
  }
}

/** What the service did with an invoice, for the job that called it. */
export type InvoiceStep = 'authorized' | 'processing' | 'rejected' | 'cancelled' | 'skipped';

export interface InvoiceServiceDeps {
  provider: InvoiceProvider;
  links: InvoiceLinks;
  clock: Clock;
  /** Tells the staff an invoice needs them (a system error on the developer dashboard). */
  report(message: string, orderId: string): Promise<void>;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const clip = (text: string) => text.slice(0, 500);

/** The NF-e item code of the gift wrap. */
export const GIFT_WRAP_ITEM_CODE = 'EMBALAGEM-PRESENTE';

/**
 * The {@link InvoiceRequest} of a paid order: its lines, each engraving as an item of its own
 * ('Gravação personalizada — <piece>', code `GRAVACAO-<piece's code>`, the units engraved at the
 * price per unit; never the engraved text), the gift wrap as an item of its own, the freight
 * charged and the coupon and PIX discounts as the order stored them (the order's pricing: total =
 * subtotal + freight + wrap + engraving - discounts). The gift message is never on the invoice.
 */
export function invoiceRequestOf(order: Order, issuedAt: Date): InvoiceRequest {
  const items = order.items.getItems().flatMap((item) => {
    const code = item.sku ?? item.product?.id ?? item.id;
    const piece = item.variantLabel ? `${item.productName} — ${item.variantLabel}` : item.productName;
    const sold = { code, description: piece, quantity: item.quantity, unitCents: item.unitPriceCents, totalCents: item.totalPriceCents };
    if (!item.engravingText || item.engravingUnitCents === 0) return [sold];
    const engraving = { code: `GRAVACAO-${code}`.slice(0, 60), description: `${ENGRAVING_LABEL} personalizada — ${piece}`, quantity: item.quantity, unitCents: item.engravingUnitCents, totalCents: item.engravingUnitCents * item.quantity };
    return [sold, engraving];
  });
  if (order.giftWrapCents > 0) items.push({ code: GIFT_WRAP_ITEM_CODE, description: GIFT_WRAP_LABEL, quantity: 1, unitCents: order.giftWrapCents, totalCents: order.giftWrapCents });
  return {
    ref: order.id,
    orderNumber: order.number,
    issuedAt,
    buyer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      cpf: order.customerCpf ?? null,
      zipCode: order.zipCode,
      street: order.street,
      number: order.addressNumber,
      complement: order.complement ?? null,
      neighborhood: order.neighborhood,
      city: order.city,
      state: order.state,
    },
    items,
    shippingCents: order.shippingCents,
    discountCents: order.couponDiscountCents + order.pixDiscountCents,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
    storeCreditCents: order.storeCreditCents,
  };
}

export class InvoiceService {
  private readonly deps: InvoiceServiceDeps;

  constructor(deps: InvoiceServiceDeps) {
    this.deps = deps;
  }

  get provider(): InvoiceProvider {
    return this.deps.provider;
  }

  /** Creates the paid order's invoice row (`requested`) unless it has one. @returns whether the order exists. */
  async request(em: EntityManager, orderId: string): Promise<boolean> {
    const order = await em.findOne(Order, { id: orderId }, { fields: ['id'] });
    if (!order) return false;
    await em.getConnection().execute(
      `insert into invoices (id, order_id, provider, ref, status, attempts, created_at, updated_at) values (gen_random_uuid(), ?, ?, ?, 'requested', 0, ?, ?) on conflict (order_id) do nothing`,
      [orderId, this.deps.provider.name, orderId, this.deps.clock.now(), this.deps.clock.now()],
    );
    return true;
  }

  /** Sends the order's NF-e to the provider (job `invoice-issue`). @throws InvoiceProviderUnavailableError (retried). */
  async issue(em: EntityManager, orderId: string): Promise<InvoiceStep> {
    const invoice = await em.findOne(Invoice, { order: orderId });
    if (!invoice || invoice.status !== 'requested' || invoice.cancelRequestedAt) return 'skipped';
    const order = await em.findOneOrFail(Order, { id: orderId }, { populate: ['items'] });
    const state = await this.attempt(em, invoice, () => this.deps.provider.issue(invoiceRequestOf(order, order.paidAt ?? this.deps.clock.now())));
    return this.apply(em, invoice, state);
  }

  /** Reads a processing invoice's status (job `invoice-poll`). @throws InvoiceStillProcessingError, InvoiceProviderUnavailableError (both retried). */
  async poll(em: EntityManager, orderId: string): Promise<InvoiceStep> {
    const invoice = await em.findOne(Invoice, { order: orderId });
    if (!invoice || invoice.status !== 'processing') return 'skipped';
    const state = await this.attempt(em, invoice, () => this.deps.provider.status(invoice.ref));
    const step = await this.apply(em, invoice, state);
    if (step === 'processing') throw new InvoiceStillProcessingError(invoice.ref);
    return step;
  }

  /**
   * Cancels the refunded order's invoice (job `invoice-cancel`). An invoice the provider never
   * authorised is closed here; one still processing throws, so the job tries again later.
   * @throws InvoiceStillProcessingError, InvoiceProviderUnavailableError (retried).
   */
  async cancel(em: EntityManager, orderId: string): Promise<InvoiceStep> {
    const invoice = await em.findOne(Invoice, { order: orderId });
    if (!invoice || invoice.status === 'cancelled') return 'skipped';
    invoice.cancelRequestedAt ??= this.deps.clock.now();
    await em.flush();
    let state: InvoiceState = { status: invoice.status === 'authorized' ? 'authorized' : 'not_found' };
    // A request may have reached the provider even if its answer did not reach us: ask first.
    if (invoice.status !== 'authorized') state = await this.attempt(em, invoice, () => this.deps.provider.status(invoice.ref));
    if (state.status === 'processing') throw new InvoiceStillProcessingError(invoice.ref);
    if (state.status === 'authorized') {
      this.assignAuthorized(invoice, state);
      const cancelled = await this.attempt(em, invoice, () => this.deps.provider.cancel(invoice.ref, REFUND_JUSTIFICATION));
      if (cancelled.status === 'rejected') {
        invoice.lastError = clip(cancelled.message ?? 'cancelamento recusado');
        await em.flush();
        await this.deps.report(`Nota fiscal do pedido não pôde ser cancelada: ${invoice.lastError}`, orderId);
        return 'rejected';
      }
    }
    // Cancelled at the provider, or never authorised there (not found, refused): nothing left to cancel.
    em.assign(invoice, { status: 'cancelled', cancelledAt: this.deps.clock.now() });
    await em.flush();
    return 'cancelled';
  }

  /** The last retry of a job failed: the invoice becomes `failed` (issue, poll) and the staff are told. */
  async giveUp(em: EntityManager, orderId: string, job: 'issue' | 'poll' | 'cancel', error: unknown): Promise<void> {
    const invoice = await em.findOne(Invoice, { order: orderId });
    if (!invoice) return;
    const reason = error instanceof Error ? error.message : String(error);
    invoice.lastError = clip(reason);
    if (job !== 'cancel' && (invoice.status === 'requested' || invoice.status === 'processing')) invoice.status = 'failed';
    await em.flush();
    const what = job === 'cancel' ? 'cancelada' : 'emitida';
    await this.deps.report(`Nota fiscal do pedido não foi ${what} após ${invoice.attempts} tentativas: ${reason}`, orderId);
  }

  /**
   * Staff send a `failed` or `rejected` invoice again: back to `requested` with its attempts reset,
   * audited `invoice_retried`; the caller queues `invoice-issue`.
   * @throws NotFoundError (no invoice), ConflictError 'invoice_not_failed' (nothing to send again).
   */
  async retry(em: EntityManager, orderId: string, actorId: string, meta: RequestMeta): Promise<void> {
    await em.transactional(async (tx) => {
      const invoice = await tx.findOne(Invoice, { order: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!invoice) throw new NotFoundError('Nota fiscal não encontrada');
      if (invoice.status !== 'failed' && invoice.status !== 'rejected') throw new ConflictError('Só uma nota fiscal com falha ou rejeitada pode ser emitida de novo.', 'invoice_not_failed');
      audit(tx, { userId: actorId, action: 'invoice_retried', details: { orderId, status: invoice.status, lastError: invoice.lastError ?? null }, meta });
      tx.assign(invoice, { status: 'requested', attempts: 0, lastError: null });
    });
  }

  /** The buyer's view of their order's invoice. @throws NotFoundError (no invoice, or not their order). */
  async forBuyer(em: EntityManager, userId: string, orderId: string): Promise<OrderInvoice> {
    const invoice = await em.findOne(Invoice, { order: { id: orderId, user: userId } });
    if (!invoice) throw new NotFoundError('Nota fiscal não encontrada');
    return this.view(invoice);
  }

  /** Staff's view of an order's invoice. @throws NotFoundError. */
  async forStaff(em: EntityManager, orderId: string): Promise<AdminOrderInvoice> {
    const invoice = await em.findOne(Invoice, { order: orderId });
    if (!invoice) throw new NotFoundError('Nota fiscal não encontrada');
    return { ...this.view(invoice), provider: invoice.provider, attempts: invoice.attempts, lastError: invoice.lastError ?? null, updatedAt: invoice.updatedAt.toISOString() };
  }

  /**
   * The DANFE or XML behind a signed link. @throws ForbiddenError (bad or expired link),
   * NotFoundError (no such invoice, or not authorised), the provider's errors.
   */
  async download(em: EntityManager, id: string, kind: InvoiceFileKind, expires: number, signature: string): Promise<InvoiceDocument & { fileName: string }> {
    if (!this.deps.links.verify(id, kind, expires, signature, this.deps.clock.now())) throw new ForbiddenError('Link inválido ou expirado. Abra o pedido de novo para baixar a nota fiscal.');
    const invoice = await em.findOne(Invoice, { id });
    if (!invoice || !invoice.number || (invoice.status !== 'authorized' && invoice.status !== 'cancelled')) throw new NotFoundError('Nota fiscal não encontrada');
    const stored = { ref: invoice.ref, number: invoice.number ?? null, series: invoice.series ?? null, accessKey: invoice.accessKey ?? null, danfePath: invoice.danfePath ?? null, xmlPath: invoice.xmlPath ?? null };
    const document = await this.deps.provider.download(stored, kind);
    return { ...document, fileName: `nfe-${invoice.accessKey ?? invoice.number}.${kind === 'danfe' ? 'pdf' : 'xml'}` };
  }

  private view(invoice: Invoice): OrderInvoice {
    const now = this.deps.clock.now();
    const files = invoice.status === 'authorized' || (invoice.status === 'cancelled' && invoice.number);
    return {
      status: invoice.status,
      number: invoice.number ?? null,
      series: invoice.series ?? null,
      accessKey: invoice.accessKey ?? null,
      danfeUrl: files && invoice.danfePath ? this.deps.links.url(invoice.id, 'danfe', now) : null,
      xmlUrl: files && invoice.xmlPath ? this.deps.links.url(invoice.id, 'xml', now) : null,
      authorizedAt: iso(invoice.authorizedAt),
      cancelledAt: iso(invoice.cancelledAt),
    };
  }

  /** Runs a provider call: an outage counts an attempt and is thrown (retried); a refusal becomes a `rejected` state. */
  private async attempt(em: EntityManager, invoice: Invoice, call: () => Promise<InvoiceState>): Promise<InvoiceState> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof InvoiceProviderRejectedError) return { status: 'rejected', message: error.message };
      invoice.attempts += 1;
      invoice.lastError = clip(error instanceof Error ? error.message : String(error));
      await em.flush();
      if (error instanceof InvoiceProviderUnavailableError) throw error;
      throw new InvoiceProviderUnavailableError(invoice.lastError);
    }
  }

  private assignAuthorized(invoice: Invoice, state: InvoiceState): void {
    invoice.number = state.number ?? invoice.number ?? null;
    invoice.series = state.series ?? invoice.series ?? null;
    invoice.accessKey = state.accessKey ?? invoice.accessKey ?? null;
    invoice.danfePath = state.danfePath ?? invoice.danfePath ?? null;
    invoice.xmlPath = state.xmlPath ?? invoice.xmlPath ?? null;
  }

  /** Stores what the provider said after issuing or polling. */
  private async apply(em: EntityManager, invoice: Invoice, state: InvoiceState): Promise<InvoiceStep> {
    const now = this.deps.clock.now();
    let step: InvoiceStep;
    switch (state.status) {
      case 'authorized':
        this.assignAuthorized(invoice, state);
        em.assign(invoice, { status: 'authorized', authorizedAt: now, lastError: null });
        step = 'authorized';
        break;
      case 'processing':
        invoice.status = 'processing';
        step = 'processing';
        break;
      case 'cancelled':
        em.assign(invoice, { status: 'cancelled', cancelledAt: now });
        step = 'cancelled';
        break;
      case 'rejected':
      case 'not_found':
        em.assign(invoice, { status: 'rejected', lastError: clip(state.message ?? 'nota fiscal não encontrada no emissor') });
        step = 'rejected';
        break;
    }
    await em.flush();
    if (step === 'rejected') await this.deps.report(`Nota fiscal do pedido rejeitada: ${invoice.lastError ?? ''}`, invoice.ref);
    return step;
  }
}
