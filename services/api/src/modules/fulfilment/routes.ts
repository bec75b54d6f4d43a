/**
 * Shipping labels and tracking routes (shipping-labels.service.ts):
 *
 * Staff (`admin`):
 * - `GET /api/admin/orders/:id/shipment`: whether labels are sold here (`CARRIER`) and the order's label;
 * - `GET /api/admin/orders/:id/label-options`: a fresh quote for the order, the paid service
 *   preselected (409 with `CARRIER=table`; 404 for an unknown order);
 * - `POST /api/admin/orders/:id/label` `{ serviceId }` ('Comprar etiqueta'): 201 with the label;
 *   400 bad body, 404, 409 (not paid, a label already bought, `CARRIER=table`), 422 (a service
 *   not offered, or refused by the carrier), 502 (the carrier did not answer; nothing changed).
 * - `GET /api/admin/orders/:id/documents`: signed links to the order's packing list and, when the
 *   shopper asked for one, its gift receipt (order-documents.ts); 404 for an unknown order.
 *
 * Staff's browser (`public`, the signed link is the authorisation):
 * - `GET /api/order-documents/:id/:kind?expires=&signature=` (`packing-list` | `gift-receipt`,
 *   rate-limited): the document as an HTML page (403 for a bad or expired link, 404 for a gift
 *   receipt the order has none of).
 *
 * Carrier (`public`):
 * - `POST /api/shipping/webhook`: Melhor Envio's tracking notifications, the raw body checked
 *   against `X-ME-Signature` (`MELHOR_ENVIO_WEBHOOK_SECRET`; 401 otherwise), then validated
 *   (400 for a malformed notification); 200 `{ received, outcome }` (`unknown` for a label that
 *   is not ours, or a signed body without `data`: the test Melhor Envio sends on registration);
 * - `GET /api/shipping/sandbox-labels/:id` (`CARRIER=sandbox` only; 404 otherwise): the printable
 *   test label, found by its unguessable id like a carrier's public print link.
 *
 * The tracking poll and the receipts' retention are jobs.ts.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARRIER_STATUS_LABELS, ORDER_DOCUMENT_KINDS, apiErrorSchema, invoiceDownloadQuerySchema, orderDocumentsSchema, buyLabelSchema, labelOptionsSchema, orderShipmentSchema, orderShipmentStateSchema } from '@prata/contracts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { Order, staffActor } from '../orders/index.ts';
import { SANDBOX_LABEL_PATH, isSandboxLabelId, melhorEnvioWebhookTracking, verifyMelhorEnvioSignature } from '../shipping/index.ts';
import { CarrierWebhookReceipt, Shipment } from './shipment.entity.ts';
import { OrderDocumentLinks, giftReceiptHtml, packingListHtml, packingListSection } from './order-documents.ts';

/** Document downloads per minute and client. */
const DOCUMENT_DOWNLOADS_PER_MINUTE = 30;

/** The carrier's webhook route. */
export const SHIPPING_WEBHOOK_PATH = '/api/shipping/webhook';
/** Largest webhook body accepted, bytes. */
const WEBHOOK_MAX_BYTES = 64 * 1024;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 502: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });

/** The fulfilment routes, on `app.fulfilment` (fulfilment.plugin.ts). */
const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { shipping } = app.config;
  const { gateway, labels, tracking: shipmentTracking, carrierActor } = app.fulfilment;
  const documentLinks = new OrderDocumentLinks(app.config.jwtSecret, app.config.publicUrl);

  app.get('/api/admin/orders/:id/shipment', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: orderShipmentStateSchema, ...errors } } }, async (request) =>
    labels.state(app.orm.em, request.params.id),
  );

  app.get('/api/admin/orders/:id/label-options', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: labelOptionsSchema, ...errors } } }, async (request) =>
    labels.options(app.orm.em, request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/label',
    { config: { access: 'admin' }, schema: { params: idParams, body: buyLabelSchema, response: { 201: orderShipmentSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await labels.buy(app.orm.em, request.params.id, request.body.serviceId, await staffActor(app, request))),
  );

  app.get('/api/admin/orders/:id/documents', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: orderDocumentsSchema, ...errors } } }, async (request) => {
    const order = await app.orm.em.findOne(Order, { id: request.params.id }, { fields: ['id', 'giftReceipt'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    const now = app.clock.now();
    return { packingListUrl: documentLinks.url(order.id, 'packing-list', now), giftReceiptUrl: order.giftReceipt ? documentLinks.url(order.id, 'gift-receipt', now) : null };
  });

  app.get(
    '/api/order-documents/:id/:kind',
    {
      config: { access: 'public', rateLimit: { max: DOCUMENT_DOWNLOADS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        params: z.object({ id: z.uuid({ error: 'Documento não encontrado' }), kind: z.enum(ORDER_DOCUMENT_KINDS, { error: 'Documento não encontrado' }) }),
        querystring: invoiceDownloadQuerySchema,
        response: { 200: z.string().describe('The document as an HTML page'), ...errors },
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      if (!documentLinks.verify(id, kind, request.query.expires, request.query.signature, app.clock.now())) throw new ForbiddenError('Link inválido ou expirado. Abra o documento de novo pela página do pedido.');
      const order = await app.orm.em.findOne(Order, { id }, { populate: ['items'] });
      if (!order || (kind === 'gift-receipt' && !order.giftReceipt)) throw new NotFoundError('Documento não encontrado');
      const html = kind === 'gift-receipt' ? giftReceiptHtml(order, app.config.storeName) : packingListHtml(order, app.config.storeName);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
    },
  );

  // The webhook is signed over its raw body: its own scope keeps JSON bodies as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      SHIPPING_WEBHOOK_PATH,
      {
        config: { access: 'public' },
        schema: {
          headers: z.object({ 'x-me-signature': z.string().max(200).optional() }),
          body: z.string().describe('The raw JSON notification: { event, data: { id, status, tracking, posted_at, delivered_at } }'),
          response: { 200: z.object({ received: z.literal(true), outcome: z.enum(['updated', 'unchanged', 'unknown', 'duplicate']) }), ...errors },
        },
      },
      async (request) => {
        if (!verifyMelhorEnvioSignature(shipping.webhookSecret, request.body, request.headers['x-me-signature'])) throw new UnauthorizedError('Assinatura do webhook inválida', 'invalid_signature');
        let json: unknown;
        try {
          json = JSON.parse(request.body);
        } catch {
          json = null;
        }
        // A signed notification without `data` is the test Melhor Envio sends when the webhook is
        // registered (it needs a 200): nothing to apply.
        if (json !== null && typeof json === 'object' && !Array.isArray(json) && !('data' in json)) return { received: true as const, outcome: 'unknown' as const };
        const tracking = melhorEnvioWebhookTracking(json);
        if (!tracking) throw new ValidationError('Notificação inválida');
        // A body applied before is a replay (or the carrier's retry of a delivered one): 200, not applied again (review #12).
        const bodySha256 = createHash('sha256').update(request.body).digest('hex');
        const em = app.orm.em.fork();
        if (await em.count(CarrierWebhookReceipt, { bodySha256 })) return { received: true as const, outcome: 'duplicate' as const };
        const outcome = await shipmentTracking.applyTracking(em, tracking, carrierActor);
        await em.getConnection().execute('insert into carrier_webhook_receipts (body_sha256, received_at) values (?, ?) on conflict do nothing', [bodySha256, app.clock.now()]);
        return { received: true as const, outcome };
      },
    );
  });

  app.get(
    `${SANDBOX_LABEL_PATH}/:id`,
    { config: { access: 'public' }, schema: { params: z.object({ id: z.string().max(100) }), response: { 200: z.string().describe('The label as an HTML page'), 404: apiErrorSchema } } },
    async (request, reply) => {
      if (gateway?.name !== 'sandbox' || !isSandboxLabelId(request.params.id)) throw new NotFoundError('Etiqueta não encontrada');
      const shipment = await app.orm.em.findOne(Shipment, { carrierOrderId: request.params.id });
      if (!shipment) throw new NotFoundError('Etiqueta não encontrada');
      const order = await app.orm.em.findOneOrFail(Order, { id: typeof shipment.order === 'string' ? shipment.order : shipment.order.id }, { populate: ['items'] });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(sandboxLabelPage(shipment, order, app.config.storeName));
    },
  );
};

/** The sandbox's printable label with the packing list (order-documents.ts): plain HTML (the API's CSP allows no script or style). */
function sandboxLabelPage(shipment: Shipment, order: Order, storeName: string): string {
  const line = (text: string) => `${escapeHtml(text)}<br>`;
  const status = CARRIER_STATUS_LABELS[shipment.carrierStatus] ?? shipment.carrierStatus;
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Etiqueta ${escapeHtml(order.number)} (teste)</title></head><body>` +
    `<h1>Etiqueta de teste: sem valor para postagem</h1>` +
    `<p><strong>${escapeHtml(shipment.carrier)} ${escapeHtml(shipment.serviceName)}</strong><br>Rastreio: <strong>${escapeHtml(shipment.trackingCode ?? '')}</strong><br>Situação: ${escapeHtml(status)}</p>` +
    `<h2>Destinatário</h2><p>${line(order.customerName)}${line(`${order.street}, ${order.addressNumber}${order.complement ? ` - ${order.complement}` : ''}`)}${line(`${order.neighborhood} - ${order.city}/${order.state}`)}CEP ${escapeHtml(order.zipCode)}</p>` +
    `<h2>Remetente</h2><p>${line(storeName)}Pedido ${escapeHtml(order.number)}</p>` +
    packingListSection(order) +
    `</body></html>`
  );
}

export default fulfilmentRoutes;
