/**
 * Melhor Envio's webhook: the signature of its calls (`X-ME-Signature`) and the tracking its body
 * reports (`POST /api/shipping/webhook`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CarrierTracking } from './carrier-gateway.ts';
import { melhorEnvioDate } from './melhor-envio-gateway.ts';

/**
 * Melhor Envio's webhook signature: `X-ME-Signature` is the base64 HMAC-SHA256 of the raw
 * request body with the app's secret. True when `signature` matches (constant-time); false for
 * a missing secret or header.
 */
export function verifyMelhorEnvioSignature(secret: string | null, rawBody: string, signature: string | undefined): boolean {
  if (!secret || !signature) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The base64 `X-ME-Signature` of `rawBody` with `secret` (the doubles and tests sign with it). */
export function signMelhorEnvioWebhook(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/**
 * A Melhor Envio webhook's body (`{ event: 'order.posted', data: { id, status, tracking,
 * posted_at, delivered_at, ... } }`; events `order.created`, `order.pending`, `order.released`,
 * `order.generated`, `order.posted`, `order.delivered`, `order.cancelled`, `order.undelivered`, ...).
 */
export const melhorEnvioWebhookSchema = z.object({
  event: z.string().min(1).max(60),
  data: z.object({
    id: z.string().min(1).max(100),
    status: z.string().min(1).max(30),
    tracking: z.string().max(60).nullish(),
    posted_at: z.string().max(40).nullish(),
    delivered_at: z.string().max(40).nullish(),
  }),
});

/** The tracking a webhook body reports, or null when it is not a well-formed notification. */
export function melhorEnvioWebhookTracking(body: unknown): CarrierTracking | null {
  const parsed = melhorEnvioWebhookSchema.safeParse(body);
  if (!parsed.success) return null;
  const { data } = parsed.data;
  return { carrierOrderId: data.id, status: data.status, trackingCode: data.tracking || null, postedAt: melhorEnvioDate(data.posted_at), deliveredAt: melhorEnvioDate(data.delivered_at) };
}
