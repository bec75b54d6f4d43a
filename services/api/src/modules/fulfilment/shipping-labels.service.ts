/**
 * Shipping labels and tracking:
 *
 * - **Label options**: a fresh quote for the order's CEP and items (shipping module's
 *   ShippingQuoteService), with the service the shopper paid for preselected when it is still
 *   offered.
 * - **Buy a label** ('Comprar etiqueta', admin): inside the order's lock (a double click buys
 *   once), the chosen service must be one of a fresh quote's options (never the client's word);
 *   the label is bought from the configured LabelGateway (Melhor Envio or the sandbox), recorded
 *   in `shipments`, and the order is marked shipped through the order workflow (history,
 *   `OrderShipped`, the shopper's "Pedido enviado" e-mail with the tracking code), audited as
 *   `order_label_bought`.
 * - **Tracking** of the labels bought: shipment-tracking.ts.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_EVENTS, ORDER_STATUS_LABELS, type LabelOptions, type OrderShipment, type OrderShipmentState } from '@prata/contracts';
import { DomainError, NotFoundError, ConflictError } from '../../errors.ts';
import { audit } from '../audit/index.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { CarrierUnavailableError, LabelRefusedError, type LabelGateway, type ShippingQuoteService } from '../shipping/index.ts';
import { InvalidOrderTransitionError, Order, type Actor, type OrderWorkflow } from '../orders/index.ts';
import { Shipment } from './shipment.entity.ts';

/** How long a label purchase in progress holds its order's claim, ms (its carrier calls take at most ~42 s). */
export const LABEL_PURCHASE_CLAIM_MS = 5 * 60_000;

/** 422: the carrier refused the label (its message in pt-BR context); nothing changed. */
export class LabelRefusedDomainError extends DomainError {
  constructor(carrierMessage: string) {
    super(422, 'label_refused', `A transportadora recusou a etiqueta: ${carrierMessage.replace(/\.+$/, '')}. Nada foi cobrado nem alterado.`);
  }
}

/** 502: the carrier did not answer before the label was paid (as far as the store knows); the order is unchanged. */
export class LabelUnavailableError extends DomainError {
  constructor() {
    super(502, 'carrier_unavailable', 'A transportadora não respondeu e o pedido não foi alterado. Confira no painel da transportadora se a etiqueta foi paga antes de tentar de novo.');
  }
}

/** 409: labels are not sold with `CARRIER=table`. */
export class LabelsUnavailableError extends ConflictError {
  constructor() {
    super('Esta loja não compra etiquetas pelo painel: informe a transportadora e o código de rastreio em "Marcar como enviado".', 'labels_unavailable');
  }
}

export interface ShippingLabelDeps {
  /** The label seller, or null with `CARRIER=table`. */
  gateway: LabelGateway | null;
  quotes: ShippingQuoteService;
  /** The store's name (the label's sender) and its CNPJ/CPF (digits; null when not set). */
  storeName: string;
  senderDocument: string | null;
  /** The sender's address (`SHIPPING_SENDER_ADDRESS`); null: the store contact's address line. */
  senderAddress: { street: string; number: string; district: string; city: string; state: string } | null;
  /** The store's CEP, 8 digits. */
  originCep: string;
  /** The box the quote service packs with (cm). */
  box: { lengthCm: number; widthCm: number; heightCm: number };
}

export class ShippingLabelService {
  private readonly workflow: OrderWorkflow;
  private readonly deps: ShippingLabelDeps;

  constructor(workflow: OrderWorkflow, deps: ShippingLabelDeps) {
    this.workflow = workflow;
    this.deps = deps;
  }

  /** Whether labels can be bought here. */
  get labelsAvailable(): boolean {
    return this.deps.gateway !== null;
  }

  /** The order's label, if any. @throws NotFoundError for an unknown order. */
  async state(em: EntityManager, orderId: string): Promise<OrderShipmentState> {
    if ((await em.count(Order, { id: orderId })) === 0) throw new NotFoundError('Pedido não encontrado');
    const shipment = await em.findOne(Shipment, { order: orderId });
    return { labelsAvailable: this.labelsAvailable, shipment: shipment ? toShipmentDto(shipment) : null };
  }

  /**
   * A fresh quote for the order's CEP and items, with the shopper's paid service preselected.
   * @throws NotFoundError (order; a product no longer for sale), LabelsUnavailableError.
   */
  async options(em: EntityManager, orderId: string): Promise<LabelOptions> {
    if (!this.deps.gateway) throw new LabelsUnavailableError();
    const order = await em.findOne(Order, { id: orderId }, { populate: ['items'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    const quote = await this.quote(em, order);
    const paid = order.shippingServiceId ?? null;
    return { options: quote.options, source: quote.source, preselectedServiceId: paid && quote.options.some((option) => option.serviceId === paid) ? paid : null };
  }

  /**
   * 'Comprar etiqueta': buys the label of `serviceId` for a paid order and marks it shipped.
   *
   * The carrier is called outside any transaction (a quote and four label calls may take their
   * timeouts): a short transaction first claims the purchase on the order
   * (`orders.label_purchase_started_at`, under its row lock), so a second click or a second
   * replica refuses with 409 'label_in_progress' instead of buying twice; the label is then
   * recorded and the order shipped under the lock. A purchase that failed before the carrier sold
   * the label releases its claim at once; one interrupted after the sale keeps it for
   * LABEL_PURCHASE_CLAIM_MS, long enough for the staff to check the carrier's panel first.
   * @throws LabelsUnavailableError; NotFoundError; InvalidOrderTransitionError (not paid, 409);
   *   ConflictError (a label already bought, or a purchase in progress, 409); ValidationError-like
   *   422 for a service not offered for this order; LabelRefusedDomainError (422);
   *   LabelUnavailableError (502).
   */
  async buy(em: EntityManager, orderId: string, serviceId: string, actor: Actor): Promise<OrderShipment> {
    const gateway = this.deps.gateway;
    if (!gateway) throw new LabelsUnavailableError();
    const contact = await new StoreSettingsService(em).contact();
    const sender = this.deps.senderAddress;
    const claimedAt = this.workflow.clock.now();
    await this.workflow.run(em, async (tx) => {
      const order = await this.workflow.lock(tx, { id: orderId });
      if ((await tx.count(Shipment, { order: order.id })) > 0) throw new ConflictError('Este pedido já tem etiqueta comprada.', 'label_exists');
      if (order.status !== 'paid') throw new InvalidOrderTransitionError(order.status, 'shipped');
      if (order.labelPurchaseStartedAt && claimedAt.getTime() - order.labelPurchaseStartedAt.getTime() < LABEL_PURCHASE_CLAIM_MS) {
        throw new ConflictError('Uma compra de etiqueta deste pedido já está em andamento. Aguarde um instante e atualize a página.', 'label_in_progress');
      }
      order.labelPurchaseStartedAt = claimedAt;
    });
    let sold = false;
    try {
      const order = await em.fork().findOneOrFail(Order, { id: orderId }, { populate: ['items'] });
      const quote = await this.quote(em.fork(), order);
      const option = quote.options.find((candidate) => candidate.serviceId === serviceId);
      if (!option) {
        // The aggregator did not quote (the table answered instead): it cannot sell the label either.
        if (quote.source === 'table' && gateway.name !== 'sandbox') throw new LabelUnavailableError();
        throw new DomainError(422, 'service_not_offered', 'Este serviço de frete não atende este pedido. Escolha outro.');
      }
      let label;
      try {
        label = await gateway.buyLabel({
          serviceId,
          reference: order.number,
          shipment: { fromCep: this.deps.originCep, toCep: order.zipCode.replace('-', ''), weightGrams: quote.weightGrams, ...this.deps.box, insuranceCents: quote.goodsCents },
          products: order.items.getItems().map((item) => ({ name: item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName, quantity: item.quantity, unitCents: item.unitPriceCents })),
          from: {
            name: this.deps.storeName,
            phone: contact.phone.replace(/\D/g, ''),
            email: contact.email,
            document: this.deps.senderDocument,
            postalCode: this.deps.originCep,
            address: sender?.street ?? contact.address,
            number: sender?.number ?? 's/n',
            complement: null,
            district: sender?.district ?? '',
            city: sender?.city ?? '',
            stateAbbr: sender?.state ?? '',
          },
          to: {
            name: order.customerName,
            phone: order.customerPhone.replace(/\D/g, ''),
            email: order.customerEmail,
            document: null,
            postalCode: order.zipCode.replace('-', ''),
            address: order.street,
            number: order.addressNumber,
            complement: order.complement ?? null,
            district: order.neighborhood,
            city: order.city,
            stateAbbr: order.state,
          },
        });
      } catch (error) {
        if (error instanceof LabelRefusedError) throw new LabelRefusedDomainError(error.carrierMessage);
        if (error instanceof CarrierUnavailableError) throw new LabelUnavailableError();
        throw error;
      }
      sold = true;
      const shipment = await this.workflow.run(em, async (tx, effects) => {
        const locked = await this.workflow.lock(tx, { id: orderId });
        locked.labelPurchaseStartedAt = null;
        const row = tx.create(Shipment, {
          order: locked,
          provider: gateway.name,
          carrierOrderId: label.carrierOrderId,
          protocol: label.protocol,
          serviceId,
          carrier: option.carrier.slice(0, 60),
          serviceName: option.name.slice(0, 60),
          priceCents: label.priceCents,
          trackingCode: label.trackingCode?.toUpperCase() ?? null,
          labelUrl: label.labelUrl,
          carrierStatus: label.status.slice(0, 30),
          lastCheckedAt: this.workflow.clock.now(),
        });
        const what = `Etiqueta ${option.carrier} ${option.name}${row.trackingCode ? ` · ${row.trackingCode}` : ''}`;
        if (locked.status === 'paid') {
          this.workflow.transition(tx, locked, 'shipped', actor, what);
          locked.carrier = option.carrier.slice(0, 60);
          locked.trackingCode = row.trackingCode ?? null;
          this.workflow.event(tx, effects, locked, ORDER_EVENTS.shipped, { carrier: locked.carrier, trackingCode: locked.trackingCode });
          this.workflow.mail(tx, effects, locked, 'shipped');
        } else {
          // The order changed while the label was bought (e.g. cancelled): keep the label on record for the staff.
          this.workflow.history(tx, locked, locked.status, locked.status, actor, `${what} comprada com o pedido ${ORDER_STATUS_LABELS[locked.status].toLowerCase()}: cancele a etiqueta no painel da transportadora`);
        }
        audit(tx, {
          userId: actor.userId,
          action: 'order_label_bought',
          details: { orderId: locked.id, number: locked.number, provider: gateway.name, serviceId, carrierOrderId: label.carrierOrderId, priceCents: label.priceCents, trackingCode: row.trackingCode },
          ...(actor.meta ? { meta: actor.meta } : {}),
        });
        return row;
      });
      return toShipmentDto(shipment);
    } catch (error) {
      // Nothing was sold: the claim (ours only) goes at once, so the staff can try again.
      if (!sold) await em.fork().nativeUpdate(Order, { id: orderId, labelPurchaseStartedAt: claimedAt }, { labelPurchaseStartedAt: null });
      throw error;
    }
  }

  /**
   * A fresh quote for the order's destination and lines, at the carrier's prices (the shopper's free
   * shipping does not make the store's label free), whatever the products' status now.
   */
  private async quote(em: EntityManager, order: Order) {
    const items = order.items.getItems().flatMap((item) => (item.product ? [{ productId: item.product.id, variantId: item.variant?.id ?? null, quantity: item.quantity }] : []));
    if (items.length === 0) throw new NotFoundError('Os produtos deste pedido não estão mais à venda: compre a etiqueta no painel da transportadora.');
    return this.deps.quotes.quote(em, { zipCode: order.zipCode, items }, { statuses: ['active', 'draft', 'archived'], freeShipping: false });
  }
}

/** The staff's view of a label. */
export function toShipmentDto(shipment: Shipment): OrderShipment {
  return {
    provider: shipment.provider,
    carrierOrderId: shipment.carrierOrderId,
    protocol: shipment.protocol ?? null,
    serviceId: shipment.serviceId,
    carrier: shipment.carrier,
    serviceName: shipment.serviceName,
    priceCents: shipment.priceCents,
    trackingCode: shipment.trackingCode ?? null,
    labelUrl: shipment.labelUrl ?? null,
    carrierStatus: shipment.carrierStatus,
    lastCheckedAt: shipment.lastCheckedAt?.toISOString() ?? null,
    createdAt: shipment.createdAt.toISOString(),
  };
}
