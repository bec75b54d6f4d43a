/**
 * The production {@link MessagingProvider}: the WhatsApp Business Cloud API (Meta's Graph API,
 * https://developers.facebook.com/docs/whatsapp/cloud-api), documented shapes:
 * - `POST {apiUrl}/{phone-number-id}/messages`, `Authorization: Bearer <access token>`, body
 *   `{ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
 *   template: { name, language: { code }, components: [{ type: 'body', parameters: [{ type:
 *   'text', text }] }] } }`; answer `{ messaging_product, contacts: [{ input, wa_id }], messages:
 *   [{ id: 'wamid....' }] }`;
 * - errors: an HTTP 4xx/5xx with `{ error: { message, type, code, error_subcode?, error_data?:
 *   { messaging_product, details }, fbtrace_id } }`. Throttling and Meta's own outages (codes 1, 2,
 *   4, 80007, 130429, 131000, 131016, 131056, 133004), any 5xx, 429, a timeout or a network error
 *   are {@link MessagingUnavailableError} (retried); every other refusal (a number not on
 *   WhatsApp, a template not approved, a bad token) is {@link MessagingRejectedError}.
 * `apiUrl` carries the Graph API version, e.g. `https://graph.facebook.com/v21.0`
 * (`WHATSAPP_API_URL`).
 *
 * The status webhook (the same app's `messages` field) is read by {@link whatsappStatuses} once
 * {@link verifyWhatsAppSignature} accepted its `X-Hub-Signature-256`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MessagingRejectedError, MessagingUnavailableError, type MessagingProvider, type SentMessage, type TemplateMessage } from './messaging-provider.ts';

export interface WhatsAppCloudOptions {
  /** Graph API origin and version, e.g. https://graph.facebook.com/v21.0 (a local double in tests). */
  apiUrl: string;
  /** The business phone number's id in WhatsApp Manager (not the number itself). */
  phoneNumberId: string;
  /** A system user's access token with `whatsapp_business_messaging`. */
  accessToken: string;
  /** Per-call timeout, ms. */
  timeoutMs: number;
}

/** Graph API error codes that mean "not now" (throttling, Meta's own outage): the send is retried. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_data?: { details?: string } };
}

/** The WhatsApp Business Cloud API's template messages. */
export class WhatsAppCloudProvider implements MessagingProvider {
  readonly name = 'whatsapp' as const;
  private readonly options: WhatsAppCloudOptions;

  constructor(options: WhatsAppCloudOptions) {
    this.options = { ...options, apiUrl: options.apiUrl.replace(/\/$/, '') };
  }

  /** Sends the template `message`. @throws MessagingUnavailableError, MessagingRejectedError (see the module comment). */
  async send(message: TemplateMessage): Promise<SentMessage> {
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to,
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: message.bodyParameters.length > 0 ? [{ type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) }] : [],
      },
    };
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}/${encodeURIComponent(this.options.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new MessagingUnavailableError(error instanceof Error ? error.message : String(error));
    }
    const answer = (await response.json().catch(() => null)) as (GraphError & { messages?: { id?: unknown }[] }) | null;
    if (response.ok) {
      const id = answer?.messages?.[0]?.id;
      if (typeof id !== 'string' || id.length === 0) throw new MessagingUnavailableError('answer without a message id');
      return { providerMessageId: id };
    }
    const code = typeof answer?.error?.code === 'number' ? answer.error.code : null;
    const reason = [answer?.error?.message, answer?.error?.error_data?.details].filter(Boolean).join(': ') || `status ${response.status}`;
    if (response.status >= 500 || response.status === 429 || (code !== null && RETRYABLE_CODES.has(code))) throw new MessagingUnavailableError(`${reason} (status ${response.status}${code !== null ? `, code ${code}` : ''})`);
    throw new MessagingRejectedError(code !== null ? `${reason} (code ${code})` : reason, code);
  }
}

/**
 * Whether `signature` (the `X-Hub-Signature-256` header: `sha256=` and the hex HMAC-SHA256 of the
 * raw request body with the app secret) was made by Meta for `rawBody`; constant-time; false for
 * a missing secret or header or any other shape.
 */
export function verifyWhatsAppSignature(appSecret: string | null, rawBody: string, signature: string | undefined): boolean {
  if (!appSecret || !signature) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

/** The `X-Hub-Signature-256` of `rawBody` with `appSecret` (the tests and the double sign with it). */
export function signWhatsAppWebhook(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

const statusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(30),
  /** Unix seconds, as a string. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(30).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(500).optional(), message: z.string().max(500).optional(), error_data: z.object({ details: z.string().max(500).optional() }).optional() })).optional(),
});

/**
 * A Cloud API webhook body (`{ object: 'whatsapp_business_account', entry: [{ id, changes: [{
 * field: 'messages', value: { messaging_product, metadata, statuses?, messages?, contacts? } }] }] }`).
 * Only `statuses` is read: the store answers no incoming message.
 */
export const whatsappWebhookSchema = z.object({
  object: z.string().max(60),
  entry: z
    .array(z.object({ changes: z.array(z.object({ field: z.string().max(60).optional(), value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }) })).max(100) }))
    .max(100),
});

/** One delivery status the webhook reported. */
export interface WhatsAppStatus {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** With `failed`: the error's code, title and details. */
  error: string | null;
}

/** The delivery statuses of a parsed webhook body, in the order given (unknown statuses, e.g. `deleted`, left out). */
export function whatsappStatuses(body: z.infer<typeof whatsappWebhookSchema>): WhatsAppStatus[] {
  const known = new Set(['sent', 'delivered', 'read', 'failed']);
  return body.entry.flatMap((entry) =>
    entry.changes.flatMap((change) =>
      (change.value.statuses ?? [])
        .filter((status) => known.has(status.status))
        .map((status) => ({
          providerMessageId: status.id,
          status: status.status as WhatsAppStatus['status'],
          at: new Date(Number(status.timestamp) * 1000),
          error: status.errors?.length
            ? status.errors.map((error) => [error.code, error.title ?? error.message, error.error_data?.details].filter((part) => part !== undefined && part !== '').join(' ')).join('; ').slice(0, 500)
            : null,
        })),
    ),
  );
}
