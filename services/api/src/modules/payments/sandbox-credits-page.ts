/**
 * The sandbox's stand-in for Mercado Pago's Linha de Crédito checkout (the preference's
 * `init_point`), with `PAYMENT_PROVIDER=sandbox` only (404 otherwise):
 * - `GET /api/payments/sandbox/credits/:id`: a page naming the amount (BRL) with 'Aprovar
 *   parcelamento' and 'Voltar para a loja';
 * - `POST /api/payments/sandbox/credits/:id/approve` (the page's form): the sandbox approves the
 *   payment and delivers its signed webhook to the store (as 'Simular pagamento' does), then
 *   answers 303 to the order's page (the preference's `back_urls`).
 * `public`: the shopper's browser arrives by navigation, as at Mercado Pago; the id is the
 * unguessable sandbox payment id the order's answer carried.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDITS_CHECKOUT_LABEL, CREDITS_CHECKOUT_DESCRIPTION, apiErrorSchema, formatBRL } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

const params = z.object({ id: z.string().min(1).max(40) });
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's own CSP: no script, its inline style, its form posting here and returning to `returnUrl`'s origin. */
function pageCsp(returnUrl: string | null): string {
  const back = returnUrl ? ` ${new URL(returnUrl).origin}` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${back}; frame-ancestors 'none'; base-uri 'none'`;
}

export const sandboxCreditsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's form posts urlencoded (no fields are read); scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  const sandbox = () => {
    if (!(app.payments instanceof SandboxPaymentProvider)) throw new NotFoundError('Recurso não encontrado');
    return app.payments;
  };

  app.get('/api/payments/sandbox/credits/:id', {
    config: { access: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    schema: { params, response: { 200: z.string(), 404: apiErrorSchema } },
  }, async (request, reply) => {
    const checkout = await sandbox().openCreditsCheckout(request.params.id);
    if (!checkout) throw new NotFoundError('Pagamento não encontrado');
    const action = `/api/payments/sandbox/credits/${encodeURIComponent(request.params.id)}/approve`;
    const back = checkout.returnUrl ? `<p><a href="${escape(checkout.returnUrl)}">Voltar para a loja</a></p>` : '';
    const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${CREDITS_CHECKOUT_LABEL} (sandbox)</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem}</style></head><body><p><strong>Modo de teste</strong>: nenhum valor é cobrado.</p><h1>${CREDITS_CHECKOUT_LABEL}</h1><p>${CREDITS_CHECKOUT_DESCRIPTION}</p><p>Valor: <strong>${escape(formatBRL(checkout.amountCents))}</strong></p><form method="post" action="${escape(action)}"><button type="submit">Aprovar parcelamento</button></form>${back}</body></html>`;
    return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', pageCsp(checkout.returnUrl)).header('cache-control', 'no-store').send(html);
  });

  app.post('/api/payments/sandbox/credits/:id/approve', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: { params, body: z.unknown(), response: { 404: apiErrorSchema } },
  }, async (request, reply) => {
    const provider = sandbox();
    const checkout = await provider.openCreditsCheckout(request.params.id);
    if (!checkout || !(await provider.simulatePayment(request.params.id))) throw new NotFoundError('Pagamento não encontrado');
    return reply.redirect(checkout.returnUrl ?? '/', 303);
  });
};
