/**
 * Cookie consent (LGPD art. 7 I and 8; ANPD, "Guia orientativo: cookies e proteção de dados
 * pessoais", 2022): the shopper's choice per category of non-essential cookies and storage, kept in
 * the first-party cookie `prata_consent` so the browser, the shell's host and the API read the same
 * choice, and logged on the server with its time (the consent log the LGPD export includes).
 *
 * Categories (every one off until the shopper turns it on; strictly necessary storage, such as the
 * session, the cart and this cookie itself, needs no consent and has no category here):
 * - `analytics`: measurement of the store's own use (GA4, session replay on error, the canary's
 *   client id `prata_client`);
 * - `marketing`: advertising pixels and conversions sent to ad networks (Meta Pixel, Conversions API).
 *
 * Cookie value: `v1.<a><m>.<epoch seconds>` with `<a>` and `<m>` `0` or `1` (e.g. `v1.10.1796000000`:
 * analytics on, marketing off, chosen at that second). No cookie, or one this version cannot read,
 * means no choice yet: the banner shows and every category is off.
 */
import { z } from 'zod';

/** Name of the consent cookie (first-party, a year, `SameSite=Lax`). */
export const CONSENT_COOKIE = 'prata_consent';
/** How long a choice is kept before the banner asks again: 12 months (ANPD guide: periodic renewal). */
export const CONSENT_MAX_AGE_S = 31_536_000;

/** The non-essential categories a shopper can allow. */
export const CONSENT_CATEGORIES = ['analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** A shopper's choice: each category on or off, and when it was made. */
export const consentChoiceSchema = z.object({
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type ConsentChoice = z.infer<typeof consentChoiceSchema>;

/** A stored choice: the categories and the time it was made (epoch ms). */
export interface ConsentState extends ConsentChoice {
  decidedAt: number;
}

/** Every category off: what applies before (and without) a choice. */
export const NO_CONSENT: ConsentChoice = { analytics: false, marketing: false };

const COOKIE_VALUE = /^v1\.([01])([01])\.(\d{1,12})$/;

/** The cookie value of `choice` made at `decidedAt` (epoch ms). */
export function encodeConsent(choice: ConsentChoice, decidedAt: number): string {
  return `v1.${choice.analytics ? 1 : 0}${choice.marketing ? 1 : 0}.${Math.floor(decidedAt / 1000)}`;
}

/** The choice in a cookie value, or null when there is none this version can read. */
export function decodeConsent(value: string | null | undefined): ConsentState | null {
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match) return null;
  return { analytics: match[1] === '1', marketing: match[2] === '1', decidedAt: Number(match[3]) * 1000 };
}

/** The choice in a `Cookie` header or `document.cookie`, or null. */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentState | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return decodeConsent(decodeURIComponent(value.join('=')));
  }
  return null;
}

/**
 * `POST /api/consent` (anonymous allowed): the choice the shopper just made in the banner or its
 * settings, for the consent log (LGPD art. 8 §2: the controller proves the consent). The server
 * records it with its own time, never the browser's.
 */
export const consentRecordRequestSchema = consentChoiceSchema.strict();
export type ConsentRecordRequest = z.infer<typeof consentRecordRequestSchema>;

/** One entry of the consent log as the shopper sees it (answer of `POST /api/consent`, the LGPD export). */
export const consentRecordSchema = z.object({
  analytics: z.boolean(),
  marketing: z.boolean(),
  /** When the server recorded the choice (ISO 8601). */
  decidedAt: z.iso.datetime({ offset: true }),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
