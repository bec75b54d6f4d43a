/**
 * How return requests are read and shown: loaded with their order and lines, and turned into the
 * contracts' shopper and owner views.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminReturn, ReturnRequest as ReturnRequestDto, ReturnStatus } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { ReturnRequest } from './return.entities.ts';

/** One request with its order and lines. @throws NotFoundError. */
export async function loadReturn(em: EntityManager, where: { id: string }): Promise<ReturnRequest> {
  const request = await em.findOne(ReturnRequest, where, { populate: ['order', 'lines.orderItem'] });
  if (!request) throw new NotFoundError('Solicitação não encontrada');
  return request;
}

/** The requests of an order and/or a status, with their order and lines, newest first (at most `limit`). */
export function findReturns(em: EntityManager, where: { order?: string; status?: ReturnStatus }, limit?: number): Promise<ReturnRequest[]> {
  return em.find(ReturnRequest, where, { populate: ['order', 'lines.orderItem'], orderBy: { createdAt: 'desc', id: 'desc' }, ...(limit ? { limit } : {}) });
}

/** The owner's view of a request: with the buyer. */
export function toAdminDto(request: ReturnRequest): AdminReturn {
  return { ...toReturnDto(request), customerName: request.order.customerName, customerEmail: request.order.customerEmail };
}

/** The contracts' view of a request (order and lines populated). */
export function toReturnDto(request: ReturnRequest): ReturnRequestDto {
  return {
    id: request.id,
    orderId: request.order.id,
    orderNumber: request.order.number,
    kind: request.kind,
    status: request.status,
    reason: request.reason,
    withinWithdrawal: request.withinWithdrawal,
    lines: request.lines.getItems().map((line) => ({
      orderItemId: line.orderItem.id,
      productName: line.orderItem.productName,
      variantLabel: line.orderItem.variantLabel ?? null,
      quantity: line.quantity,
      amountCents: line.amountCents,
      replacementLabel: line.replacementLabel ?? null,
    })),
    shippingCents: request.shippingCents,
    giftWrapCents: request.giftWrapCents,
    amountCents: request.amountCents,
    refundedCents: request.refundedCents ?? null,
    creditedCents: request.creditedCents ?? null,
    note: request.note ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}
