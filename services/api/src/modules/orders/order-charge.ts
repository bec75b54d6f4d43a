/**
 * The charge of a placed order, after its transaction committed (the last step of place-order.ts),
 * with its compensation beside it. Through the configured PaymentProvider: a card token is charged
 * (approved -> paid; declined -> cancelled, units back, 402); PIX (30 min) and boleto (3 business
 * days, holidays skipped) stay pending until the acquirer confirms them; 'mercadopago-credits' gets
 * the acquirer's Linha de Crédito checkout (for the amount due) and stays pending like a PIX until the
 * webhook confirms the payment made there. If the acquirer fails,
 * the order is cancelled and its units return (`cancelUnpaid`, 502), unless the acquirer may have
 * charged a card: then the order stays pending and expires after asking the acquirer
 * (payment-reconciliation.service.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CancelReason, createOrderSchema } from '@prata/contracts';
import { DomainError } from '../../errors.ts';
import { PaymentProviderRejectedError, PaymentProviderUnavailableError, supportsCreditsCheckout, type ChargeRequest, type ProviderPayment } from '../payments/index.ts';
import { amountDueCents, chargedCents, type Order } from './order.entities.ts';
import type { OrderWorkflow } from './order-workflow.ts';
import type { PaymentReconciliation } from './payment-reconciliation.service.ts';

/** An order request as `createOrderSchema` parses it. */
export type OrderRequest = ReturnType<typeof createOrderSchema.parse>;

/** 402: the acquirer declined the card. */
export class PaymentDeclinedError extends DomainError {
  constructor() {
    super(402, 'payment_declined', 'Pagamento recusado pela operadora. Verifique os dados do cartão ou use outra forma de pagamento.');
  }
}

/** 502: the acquirer failed; the order was cancelled and nothing was charged. */
export class PaymentUnavailableError extends DomainError {
  constructor() {
    super(502, 'payment_unavailable', 'Não foi possível processar o pagamento agora. O pedido foi cancelado e nada foi cobrado. Tente novamente em alguns instantes.');
  }
}

export class OrderCharges {
  private readonly workflow: OrderWorkflow;
  private readonly reconciliation: PaymentReconciliation;

  /** `reconciliation` applies a card's answer to the order as a webhook would. */
  constructor(workflow: OrderWorkflow, reconciliation: PaymentReconciliation) {
    this.workflow = workflow;
    this.reconciliation = reconciliation;
  }

  /**
   * Charges the committed `order` for its amount due, a card for its plan's total (the amount due
   * plus any interest of the instalments; see the module comment).
   * @throws PaymentDeclinedError 402, PaymentUnavailableError 502 (the order cancelled in both).
   */
  async charge(em: EntityManager, order: Order, data: OrderRequest, idempotencyKey: string): Promise<void> {
    if (data.payment.method === 'mercadopago-credits') return this.creditsCheckout(em, order, idempotencyKey);
    const provider = this.workflow.payments;
    const c = data.customer;
    const request: ChargeRequest = {
      orderId: order.id,
      orderNumber: order.number,
      amountCents: chargedCents(order),
      idempotencyKey,
      payer: {
        email: c.email,
        fullName: c.fullName,
        ...(data.payment.method === 'boleto' ? { cpf: data.payment.payerCpf } : {}),
        address: { zipCode: c.zipCode, street: c.street, number: c.number, neighborhood: c.neighborhood, city: c.city, state: c.state },
      },
    };
    let payment: ProviderPayment;
    try {
      const p = data.payment;
      if (p.method === 'credit-card') payment = await provider.chargeCard({ ...request, token: p.cardToken, brand: p.cardBrand, installments: p.installments });
      else if (p.method === 'pix') payment = await provider.createPix({ ...request, expiresAt: order.pixExpiresAt! });
      else if (p.method === 'boleto') payment = await provider.createBoleto({ ...request, dueDate: order.boletoDueDate! });
      // 'store-credit' never reaches the acquirer: such an order is paid, or refused, in its transaction.
      else throw new Error('an order paid with store credit is not charged');
    } catch (error) {
      if (error instanceof PaymentProviderRejectedError) {
        await this.cancelUnpaid(em, order.id, data.payment.method === 'credit-card' ? 'payment_declined' : 'payment_failed');
        if (data.payment.method === 'credit-card') throw new PaymentDeclinedError();
        throw new PaymentUnavailableError();
      }
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      // The acquirer may have created the payment before failing: ask it by order.
      const found = await provider.findPaymentByOrder(order.id).catch(() => undefined);
      if (found === undefined && data.payment.method === 'credit-card') return; // unknown outcome: expiry asks again
      if (!found || (found.method !== 'credit-card' && !found.pix && !found.boleto)) {
        if (found) await provider.cancelPayment(found.id).catch(() => undefined);
        await this.cancelUnpaid(em, order.id, 'payment_failed');
        throw new PaymentUnavailableError();
      }
      payment = found;
    }
    await this.record(em, order.id, payment);
    if (payment.method === 'credit-card') {
      const outcome = await this.reconciliation.apply(em, payment, { userId: null, label: provider.label });
      if (outcome === 'cancelled') throw new PaymentDeclinedError();
    }
  }

  /**
   * A new PIX or boleto for the pending `order` (payment-recovery.service.ts renewed it: fresh
   * deadlines, no payment recorded), for its amount due, under the fresh `idempotencyKey`; the payer
   * is the order's own contact, CPF and address. The new code is recorded and mailed like the first.
   * Any failure cancels the order again (units, coupon and credit back).
   * @throws PaymentUnavailableError 502.
   */
  async chargeAgain(em: EntityManager, order: Order, idempotencyKey: string): Promise<void> {
    const provider = this.workflow.payments;
    const request: ChargeRequest = {
      orderId: order.id,
      orderNumber: order.number,
      amountCents: amountDueCents(order),
      idempotencyKey,
      payer: {
        email: order.customerEmail,
        fullName: order.customerName,
        ...(order.paymentMethod === 'boleto' && order.customerCpf ? { cpf: order.customerCpf } : {}),
        address: { zipCode: order.zipCode, street: order.street, number: order.addressNumber, neighborhood: order.neighborhood, city: order.city, state: order.state },
      },
    };
    let payment: ProviderPayment;
    try {
      payment = order.paymentMethod === 'boleto' ? await provider.createBoleto({ ...request, dueDate: order.boletoDueDate! }) : await provider.createPix({ ...request, expiresAt: order.pixExpiresAt! });
    } catch (error) {
      if (!(error instanceof PaymentProviderRejectedError) && !(error instanceof PaymentProviderUnavailableError)) throw error;
      await this.cancelUnpaid(em, order.id, 'payment_failed');
      throw new PaymentUnavailableError();
    }
    await this.record(em, order.id, payment, true);
  }

  /**
   * 'Parcelamento sem cartão': asks the acquirer for a Linha de Crédito checkout of the committed
   * `order` for its amount due (server-side pricing, BRL cents; never a figure from the client),
   * returning the shopper to the order's page, payable until the order's deadline; records its URL
   * and preference id on the order and mails 'Pedido recebido' with it. Nothing is paid yet: the
   * webhook of the payment made there pays the order (payment-reconciliation.service.ts).
   * @throws PaymentUnavailableError 502 (the acquirer failed or no longer offers it; the order cancelled).
   */
  private async creditsCheckout(em: EntityManager, order: Order, idempotencyKey: string): Promise<void> {
    const provider = this.workflow.payments;
    let checkout: { checkoutUrl: string; preferenceId: string };
    try {
      if (!supportsCreditsCheckout(provider)) throw new PaymentProviderRejectedError(400, 'credits checkout not offered');
      checkout = await provider.createCreditsCheckout({
        orderId: order.id,
        orderNumber: order.number,
        amountCents: amountDueCents(order),
        idempotencyKey,
        payer: { email: order.customerEmail, fullName: order.customerName },
        returnUrl: this.workflow.orderLink(order.id),
        expiresAt: order.expiresAt!,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderRejectedError) && !(error instanceof PaymentProviderUnavailableError)) throw error;
      await this.cancelUnpaid(em, order.id, 'payment_failed');
      throw new PaymentUnavailableError();
    }
    await this.workflow.run(em, async (tx, effects) => {
      const locked = await this.workflow.lock(tx, { id: order.id });
      const first = !locked.creditsPreferenceId;
      locked.creditsCheckoutUrl = checkout.checkoutUrl;
      locked.creditsPreferenceId = checkout.preferenceId.slice(0, 100);
      if (first && locked.status === 'pending') this.workflow.mail(tx, effects, locked, 'received');
    });
  }

  /** The compensation of a failed charge: cancels the still-pending order (units, coupon and credit back). */
  async cancelUnpaid(em: EntityManager, orderId: string, reason: CancelReason): Promise<void> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id: orderId });
      if (order.status === 'pending') await this.workflow.cancel(tx, effects, order, reason, { userId: null, label: this.workflow.payments.label }, null);
    });
  }

  /** Stores the acquirer's answer (reference, PIX code, boleto line) and sends 'Pedido recebido' for PIX and boleto (once; `renewed`: for the new charge too). */
  private async record(em: EntityManager, orderId: string, payment: ProviderPayment, renewed = false): Promise<void> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id: orderId });
      // A retried key charges an order whose charge went unrecorded; a retry racing it records the same payment, mailed once.
      const first = order.paymentReference === null || order.paymentReference === undefined;
      order.paymentReference = payment.id;
      order.paymentStatus = String(payment.status).slice(0, 30);
      if (payment.card) {
        order.cardBrand = payment.card.brand;
        order.cardLast4 = payment.card.last4;
      }
      if (payment.pix) {
        order.pixPayload = payment.pix.payload;
        order.pixTxid = payment.id.slice(0, 25);
        order.pixExpiresAt = payment.pix.expiresAt;
      }
      if (payment.boleto) {
        order.boletoLine = payment.boleto.line;
        order.boletoDueDate = payment.boleto.dueDate;
        order.boletoUrl = payment.boleto.url;
      }
      if ((first || renewed) && order.status === 'pending' && (payment.pix || payment.boleto)) this.workflow.mail(tx, effects, order, 'received');
    });
  }
}
