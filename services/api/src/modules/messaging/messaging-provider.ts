/**
 * The shopper messaging provider: a strategy interface chosen by `MESSAGING_PROVIDER` (config.ts):
 * `whatsapp` (whatsapp-cloud-provider.ts: the WhatsApp Business Cloud API, utility templates) or
 * `off`, the default (no provider: nothing is sent, the order e-mails are the only channel).
 *
 * A message is an approved template with its body parameters: WhatsApp lets a business start a
 * conversation only with a template its owner approved in WhatsApp Manager.
 * Errors: {@link MessagingUnavailableError} when the provider cannot answer now (network, timeout,
 * 5xx, throttling: the job retries with backoff), {@link MessagingRejectedError} when it refuses
 * the message itself (a number not on WhatsApp, a template not approved: retrying does not help).
 */

/** A template message to one recipient. */
export interface TemplateMessage {
  /** The recipient's number in E.164 digits without '+', e.g. `5511987654321`. */
  to: string;
  /** The approved template's name, e.g. `prata_pedido_enviado`. */
  template: string;
  /** The template's language code, e.g. `pt_BR`. */
  language: string;
  /** The values of the template body's `{{1}}`, `{{2}}`, ... in order. */
  bodyParameters: string[];
}

/** What the provider said when it accepted a message. */
export interface SentMessage {
  /** The provider's id of the message (WhatsApp's `wamid....`), which its status webhooks name. */
  providerMessageId: string;
}

export interface MessagingProvider {
  readonly name: 'whatsapp';
  /** Sends `message`. @throws MessagingUnavailableError (retry later), MessagingRejectedError (never retried). */
  send(message: TemplateMessage): Promise<SentMessage>;
}

/** The provider could not answer (network error, timeout, 5xx, throttling): try again later. */
export class MessagingUnavailableError extends Error {
  constructor(reason: string) {
    super(`messaging provider unavailable: ${reason}`);
    this.name = 'MessagingUnavailableError';
  }
}

/** The provider refused the message itself: sending it again unchanged does not help. */
export class MessagingRejectedError extends Error {
  /** The provider's error code (WhatsApp's `error.code`), when it gave one. */
  readonly code: number | null;

  constructor(message: string, code: number | null = null) {
    super(message);
    this.name = 'MessagingRejectedError';
    this.code = code;
  }
}
