/**
 * Returns and exchanges (CDC art. 49, Decreto 7.962/2013).
 *
 * The shopper asks, from a delivered order's page, to return or exchange units of its lines with a
 * reason. Within the withdrawal right (7 São Paulo calendar days from delivery:
 * `withdrawalDeadline`) the request is approved at once; after it, it waits for the owner. The
 * owner approves or refuses, marks the pieces received (their units go back to stock through the
 * catalogue's `returnUnits`, which records `StockReplenished`), then refunds through the acquirer
 * (`PaymentProvider.refund`, idempotency key `return-<request id>`; a payment confirmed by hand is
 * refunded by hand), credits the amount to the shopper's store credit, or closes the exchange.
 *
 * Amounts are computed on the server when the request is made: each line's share of what was
 * paid for the goods (`lineShares`: discounts prorated over the lines), for the units asked
 * (`unitsAmount`), plus the freight when the request is within the right and makes every unit of
 * the order returned. The order's row is locked while a request is counted, so two requests at
 * once never return more units than were bought; `orders.refunded_cents` adds every refund, so the
 * order's totals stay consistent (total - refunded = what the store kept).
 *
 * Every step is a history row on the order (note only: the status stays `delivered`), an e-mail
 * to the shopper (return-mail.ts), and for the owner's actions an audit row; a new request is a
 * `ReturnRequested` event (the owner's notification).
 *
 * This service is the module's entry point; the shopper's side is return-requests.ts, the owner's
 * state machine return-decisions.ts, what its steps do to stock and money return-settlement.ts.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminReturn, AdminReturnQuery, CreateReturnInput, OrderReturns, RejectReturnInput, ReturnRequest as ReturnRequestDto, StoreCredit } from '@prata/contracts';
import { StoreCreditEntry, storeCreditLedger } from '../store-credit/index.ts';
import { decideReturn } from './return-decisions.ts';
import { orderReturns, requestReturn } from './return-requests.ts';
import { creditReturn, receiveUnits, refundReturn, sendReplacements } from './return-settlement.ts';
import { findReturns, toAdminDto } from './return-views.ts';
import type { StaffActor, Workflow } from './return-workflow.ts';

export type { StaffActor } from './return-workflow.ts';

/** Newest store-credit movements listed on the account page. */
const CREDIT_ENTRIES_SHOWN = 50;

export class ReturnService {
  private readonly workflow: Workflow;

  constructor(workflow: Workflow) {
    this.workflow = workflow;
  }

  /** The shopper's view of an order's returns: the window, units still returnable, requests. @throws NotFoundError. */
  forOrder(em: EntityManager, userId: string, orderId: string): Promise<OrderReturns> {
    return orderReturns(em, userId, orderId);
  }

  /**
   * A shopper's request on their delivered order (the order's row locked while units are counted).
   * Within the withdrawal right it is approved at once; after it, it waits for the owner.
   * An exchange line's replacement is an option of the same product (`replacementVariantId`), or
   * the line's own option when none is named.
   * @throws NotFoundError (not theirs), ConflictError `order_not_delivered`, ValidationError
   * `return_quantity` (a line of another order, or more units than bought minus those already asked),
   * ValidationError `exchange_option` (a replacement that is not an option of the line's product).
   */
  request(
    em: EntityManager,
    userId: string,
    orderId: string,
    input: CreateReturnInput & { lines: { orderItemId: string; quantity: number; replacementVariantId?: string | null | undefined }[] },
  ): Promise<ReturnRequestDto> {
    return requestReturn(this.workflow, em, userId, orderId, input);
  }

  /** The owner's list: every request (or of one status / order), newest first, at most 200. */
  async list(em: EntityManager, query: AdminReturnQuery): Promise<AdminReturn[]> {
    const requests = await findReturns(em, { ...(query.status ? { status: query.status } : {}), ...(query.orderId ? { order: query.orderId } : {}) }, 200);
    return requests.map(toAdminDto);
  }

  /** requested -> approved. @throws NotFoundError, ConflictError `invalid_return_transition`. */
  approve(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return decideReturn(this.workflow, em, id, actor, 'approved', 'return_approved', async () => undefined);
  }

  /** requested -> rejected, with the note the shopper is e-mailed. */
  reject(em: EntityManager, id: string, input: RejectReturnInput, actor: StaffActor): Promise<AdminReturn> {
    return decideReturn(this.workflow, em, id, actor, 'rejected', 'return_rejected', async (_tx, _effects, request) => {
      request.note = input.note;
      return { note: input.note };
    });
  }

  /** approved -> received: the units go back to stock (a variant or product back from 0 records StockReplenished). */
  receive(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return decideReturn(this.workflow, em, id, actor, 'received', 'return_received', receiveUnits(this.workflow));
  }

  /**
   * received -> refunded (a return), through the acquirer and, for what the order paid with store
   * credit, as store credit (return-settlement.ts `refundReturn`).
   * @throws RefundFailedError (502, nothing changed).
   */
  refund(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return decideReturn(this.workflow, em, id, actor, 'refunded', 'return_refunded', refundReturn(this.workflow));
  }

  /** received -> credited (a return): the amount as store credit on the shopper's ledger. */
  credit(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return decideReturn(this.workflow, em, id, actor, 'credited', 'return_credited', creditReturn(this.workflow));
  }

  /**
   * received -> exchanged (an exchange): the replacement units leave stock, to go to the shopper.
   * @throws ConflictError `exchange_out_of_stock` naming the piece (nothing changed): refund or
   *   credit the request instead.
   */
  exchange(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return decideReturn(this.workflow, em, id, actor, 'exchanged', 'return_exchanged', sendReplacements);
  }

  /** The shopper's store-credit balance and newest movements. */
  async storeCredit(em: EntityManager, userId: string): Promise<StoreCredit> {
    const balanceCents = await storeCreditLedger.balance(em, userId);
    const entries = await em.find(StoreCreditEntry, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: CREDIT_ENTRIES_SHOWN });
    return {
      balanceCents,
      entries: entries.map((entry) => ({ id: entry.id, amountCents: entry.amountCents, reason: entry.reason, returnId: entry.returnRequestId ?? null, createdAt: entry.createdAt.toISOString() })),
    };
  }
}
