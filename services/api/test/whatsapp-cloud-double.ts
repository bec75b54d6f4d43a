/**
 * A local HTTP double of the WhatsApp Business Cloud API's documented message endpoint
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 * - `POST /<phone-number-id>/messages` with `Authorization: Bearer <token>` and a template message
 *   `{ messaging_product: 'whatsapp', to, type: 'template', template: { name, language: { code },
 *   components } }`: 200 `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id:
 *   'wamid.<n>' }] }`;
 * - errors as the Graph API gives them, `{ error: { message, type, code, error_data: {
 *   messaging_product, details }, fbtrace_id } }`: 401 code 190 for a wrong token, 400 code 100
 *   for a malformed body or an unknown phone number id, 404 code 132001 for a template not in
 *   {@link WhatsAppCloudDouble.templates}, 400 code 131026 for a number in `undeliverable`, and
 *   `rateLimitNext` answers of 400 code 130429 (throttled).
 * Requests are recorded; `failWith` / `delayMs` (HttpDouble) simulate an outage.
 * {@link WhatsAppCloudDouble.statusWebhook} builds the body of a status webhook as Meta sends it.
 */
import type http from 'node:http';
import { HttpDouble } from './http-double.ts';

export interface DoubleMessageRequest {
  path: string;
  /** The status the double answered. */
  status?: number;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: { name?: string; language?: { code?: string }; components?: { type: string; parameters: { type: string; text: string }[] }[] };
  };
}

export class WhatsAppCloudDouble extends HttpDouble {
  readonly token = 'double-whatsapp-access-token-0123456789';
  readonly phoneNumberId = '106540352242922';
  readonly appSecret = 'double-whatsapp-app-secret-0123456789';
  readonly verifyToken = 'double-whatsapp-verify-token-0123';
  /** The approved templates (name -> number of body parameters). */
  readonly templates = new Map<string, number>([
    ['prata_pedido_recebido', 3],
    ['prata_pagamento_confirmado', 2],
    ['prata_pedido_enviado', 4],
    ['prata_pagamento_lembrete', 3],
    ['prata_pedido_entregue', 2],
  ]);
  /** Numbers that are not on WhatsApp (code 131026). */
  readonly undeliverable = new Set<string>();
  /** The next requests answered 'throttled' (code 130429). */
  rateLimitNext = 0;
  readonly requests: DoubleMessageRequest[] = [];
  private nextId = 1;

  /** The messages the double accepted for `to`, oldest first: their template and body parameters' texts. */
  sentTo(to: string): { template: string; parameters: string[] }[] {
    return this.requests
      .filter((request) => request.body.to === to && request.status === 200)
      .map((request) => ({ template: request.body.template?.name ?? '', parameters: request.body.template?.components?.[0]?.parameters.map((p) => p.text) ?? [] }));
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://double');
    let body: DoubleMessageRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as DoubleMessageRequest['body'];
    } catch {
      body = {};
    }
    const record: DoubleMessageRequest = { path: url.pathname, authorization: req.headers.authorization, body };
    this.requests.push(record);
    const answer = (status: number, json: unknown) => {
      record.status = status;
      this.json(res, status, json);
    };
    const error = (status: number, code: number, message: string, details: string) =>
      answer(status, { error: { message, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'AbCdEfGhIjK' } });
    if (req.headers.authorization !== `Bearer ${this.token}`) return error(401, 190, 'Invalid OAuth access token - Cannot parse access token', 'Invalid OAuth access token');
    if (this.failWith) return error(this.failWith, 131000, 'Something went wrong', 'Unknown error');
    if (req.method !== 'POST' || url.pathname !== `/${this.phoneNumberId}/messages`) return error(400, 100, 'Unsupported post request', 'Object does not exist or does not support this operation');
    if (this.rateLimitNext > 0) {
      this.rateLimitNext -= 1;
      return error(400, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached');
    }
    const template = body.template;
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.to || !/^\d{8,15}$/.test(body.to) || !template?.name || !template.language?.code) {
      return error(400, 100, '(#100) Invalid parameter', 'messaging_product, to, type and template are required');
    }
    const expected = this.templates.get(template.name);
    if (expected === undefined || template.language.code !== 'pt_BR') return error(404, 132001, '(#132001) Template name does not exist in the translation', `template name (${template.name}) does not exist in ${template.language.code}`);
    const parameters = template.components?.find((component) => component.type === 'body')?.parameters ?? [];
    if (parameters.length !== expected || parameters.some((parameter) => parameter.type !== 'text' || !parameter.text)) {
      return error(400, 132000, '(#132000) Number of parameters does not match the expected number of params', `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`);
    }
    if (this.undeliverable.has(body.to)) return error(400, 131026, '(#131026) Message Undeliverable', 'Message undeliverable');
    const id = `wamid.HBgN${String(this.nextId++).padStart(6, '0')}`;
    return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  }

  /** A status webhook body as Meta sends it: one change with `statuses` for the business number. */
  statusWebhook(statuses: { id: string; status: string; timestamp: number; recipientId: string; errors?: { code: number; title: string; details: string }[] }[]): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '5511999990000', phone_number_id: this.phoneNumberId },
                statuses: statuses.map((status) => ({
                  id: status.id,
                  status: status.status,
                  timestamp: String(status.timestamp),
                  recipient_id: status.recipientId,
                  ...(status.status === 'sent' || status.status === 'delivered' ? { conversation: { id: 'conv-1', origin: { type: 'utility' } }, pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } } : {}),
                  ...(status.errors ? { errors: status.errors.map((e) => ({ code: e.code, title: e.title, message: e.title, error_data: { details: e.details } })) } : {}),
                })),
              },
            },
          ],
        },
      ],
    });
  }
}
