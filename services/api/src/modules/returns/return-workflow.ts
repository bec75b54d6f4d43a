/**
 * What the returns flow takes from the orders module: its workflow (order locks, history rows,
 * domain events, the mail outbox, the clock, the acquirer), the effects a step queues to run
 * after commit, and who acts for the store.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ReturnStatus } from '@prata/contracts';
import type { RequestMeta } from '../audit/index.ts';
import type { Effects, Order, OrderWorkflow } from '../orders/index.ts';
import { returnMail } from './return-mail.ts';
import type { ReturnRequest } from './return.entities.ts';

/** The orders module's workflow, as the returns flow uses it. */
export type Workflow = OrderWorkflow;
/** The e-mails and events a step queues inside its transaction (sent and published after commit). */
export type { Effects };

/** The owner acting: their id and e-mail (the order timeline's label), and the request's IP / agent. */
export interface StaffActor {
  userId: string;
  label: string;
  meta?: RequestMeta;
}

/** Queues the e-mail telling the shopper that `request` reached `status` (return-mail.ts). */
export function queueReturnMail(workflow: Workflow, tx: EntityManager, effects: Effects, order: Order, request: ReturnRequest, status: ReturnStatus): void {
  effects.mails.push(workflow.deps.mailer.queue(tx, returnMail(order, request, status, workflow.orderLink(order.id))));
}
