/**
 * How a firing is told ({@link AlertDeliveryChannel}): `email` through the store's mailer (the
 * outbox; retried like every e-mail), `webhook` as a POST of Slack's incoming-webhook body
 * `{ "text": ... }` (also what Mattermost, Discord's `/slack` endpoint and Google Chat accept).
 * The webhook URL passes the outbound-URL guard again right before the call (DNS may have
 * changed since it was saved), redirects are not followed, and the call gives up after `timeoutMs`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { resolvedUrlProblem, type OutboundUrlPolicy } from '../../lib/outbound-url.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AlertRuleRecord } from './alert.entities.ts';
import type { AlertDeliveryChannel } from './alert-rules.service.ts';

export interface AlertDeliveryOptions {
  mailer: Mailer;
  /** An EntityManager of its own for the e-mail's outbox row. */
  fork(): EntityManager;
  webhookPolicy: OutboundUrlPolicy;
  /** Past this the webhook counts as failed, ms. */
  timeoutMs: number;
}

/** POSTs `{ text }` to `url`; resolves to the failure's reason in pt-BR, or null when answered 2xx. */
export async function postSlackText(url: string, text: string, policy: OutboundUrlPolicy, timeoutMs: number): Promise<string | null> {
  const refused = await resolvedUrlProblem(url, policy);
  if (refused) return `Webhook recusado: ${refused}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Prata925-Alerts/1' },
      body: JSON.stringify({ text }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok ? null : `Webhook respondeu HTTP ${response.status}`;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return `Webhook sem resposta após ${timeoutMs} ms`;
    return `Webhook inacessível: ${error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error)}`;
  }
}

export class DefaultAlertDelivery implements AlertDeliveryChannel {
  private readonly options: AlertDeliveryOptions;

  constructor(options: AlertDeliveryOptions) {
    this.options = options;
  }

  async deliver(rule: AlertRuleRecord, subject: string, text: string): Promise<string | null> {
    if (rule.channel === 'webhook') return postSlackText(rule.destination, text, this.options.webhookPolicy, this.options.timeoutMs);
    const em = this.options.fork();
    const email = this.options.mailer.queue(em, { to: rule.destination, subject, text });
    await em.flush();
    await this.options.mailer.dispatch(em, [email]);
    return email.sentAt ? null : `E-mail não entregue: ${email.error ?? 'erro desconhecido'}`;
  }
}
