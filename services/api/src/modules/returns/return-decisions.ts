/**
 * The owner's decisions on a return request, a state machine: requested -> approved or rejected;
 * approved -> received; received -> refunded or credited (a return, or an exchange the store
 * cannot fulfil) or exchanged (an exchange). Each step runs with the order's row and the request's
 * locked, and records a history row on the order (its status stays `delivered`), an e-mail to the
 * shopper and an audit row.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { RETURN_KIND_LABELS, formatBRL, type AdminReturn, type ReturnStatus } from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { audit, type AuditAction } from '../audit/index.ts';
import type { Order } from '../orders/index.ts';
import { loadReturn, toAdminDto } from './return-views.ts';
import { queueReturnMail, type Effects, type StaffActor, type Workflow } from './return-workflow.ts';
import { ReturnRequest } from './return.entities.ts';

/** What a step does besides the status change (money, stock, a note); its result goes into the audit row's details. */
export type ReturnStep = (tx: EntityManager, effects: Effects, request: ReturnRequest, order: Order) => Promise<Record<string, unknown> | undefined>;

/**
 * One owner action: locks the order then the request (the order first, as `requestReturn` does),
 * checks the change is allowed, runs `work`, records history, e-mail and audit.
 * @returns the request as the owner sees it. @throws NotFoundError, ConflictError
 * `invalid_return_transition`, and what `work` throws (nothing changed then).
 */
export async function decideReturn(workflow: Workflow, em: EntityManager, id: string, actor: StaffActor, to: ReturnStatus, action: AuditAction, work: ReturnStep): Promise<AdminReturn> {
  await workflow.run(em, async (tx, effects) => {
    const found = await tx.findOne(ReturnRequest, { id }, { fields: ['order'] });
    if (!found) throw new NotFoundError('Solicitação não encontrada');
    const order = await workflow.lock(tx, { id: found.order.id });
    const request = await tx.findOneOrFail(ReturnRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    await tx.populate(request, ['lines.orderItem']);
    if (!allowed(request, to)) throw new ConflictError(refusal(request, to), 'invalid_return_transition');
    const details = (await work(tx, effects, request, order)) ?? {};
    request.status = to;
    request.updatedAt = workflow.clock.now();
    const kind = RETURN_KIND_LABELS[request.kind];
    const what = to === 'refunded' && request.refundReference === 'manual' ? 'reembolso manual' : NOTES[to];
    workflow.history(tx, order, order.status, order.status, actor, `${kind}: ${what}${to === 'refunded' ? ` (${formatBRL(request.refundedCents ?? 0)}${request.creditedCents ? ` + ${formatBRL(request.creditedCents)} em crédito` : ''})` : to === 'credited' ? ` (${formatBRL(request.creditedCents ?? 0)})` : ''}`);
    queueReturnMail(workflow, tx, effects, order, request, to);
    audit(tx, { userId: actor.userId, action, details: { returnId: request.id, orderId: order.id, number: order.number, ...details }, ...(actor.meta ? { meta: actor.meta } : {}) });
  });
  return toAdminDto(await loadReturn(em.fork(), { id }));
}

/** What each status adds to the order's timeline note. */
const NOTES: Readonly<Record<ReturnStatus, string>> = {
  requested: 'solicitada',
  approved: 'aprovada pela loja',
  rejected: 'recusada',
  received: 'peças recebidas e devolvidas ao estoque',
  refunded: 'reembolsada pela operadora',
  credited: 'valor em crédito na loja',
  exchanged: 'troca concluída',
};

/** Whether `request` may go to `to`. */
function allowed(request: ReturnRequest, to: ReturnStatus): boolean {
  switch (to) {
    case 'approved':
    case 'rejected':
      return request.status === 'requested';
    case 'received':
      return request.status === 'approved';
    case 'refunded':
    case 'credited':
      // An exchange the store cannot fulfil (no replacement in stock) is refunded or credited instead.
      return request.status === 'received';
    case 'exchanged':
      return request.status === 'received' && request.kind === 'exchange';
    default:
      return false;
  }
}

/** The pt-BR refusal of a change `allowed` refused. */
function refusal(request: ReturnRequest, to: ReturnStatus): string {
  if (to === 'approved' || to === 'rejected') return 'Só solicitações em análise podem ser aprovadas ou recusadas.';
  if (to === 'received') return 'Só solicitações aprovadas podem ter as peças recebidas.';
  if (request.status !== 'received') return 'Marque as peças como recebidas antes de concluir.';
  return request.kind === 'exchange' ? 'Esta solicitação é uma troca: conclua a troca.' : 'Esta solicitação é uma devolução: reembolse ou dê crédito na loja.';
}
