/**
 * The signed-in staff member as an order's history names them (their e-mail), with the request's
 * origin for the audit log; used by every admin order action.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { User, requestMeta } from '../identity/index.ts';
import type { Actor } from './order-workflow.ts';

/** The actor of `request` (an authenticated staff request). @throws UnauthorizedError without a session. */
export async function staffActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  const { userId } = requireAuth(request);
  const user = await app.orm.em.findOne(User, { id: userId }, { fields: ['email'] });
  return { userId, label: user?.email ?? 'Administrador', meta: requestMeta(request) };
}
