/**
 * The browser's client id for sticky canaries: a random id in the first-party cookie
 * `prata_client` on the store's origin (one year, `SameSite=Lax`, `Secure` over https). The shell
 * sends it as `GET /api/remotes?client=<id>`, so a client stays in (or out of) a remote's canary
 * across page loads; the shell's host can read the same cookie when it inlines the registry into
 * the page. It identifies a browser, not a person, and carries nothing else.
 *
 * It is not strictly necessary, so it is stored only with the shopper's analytics consent
 * (contracts/consent.ts, ANPD cookie guide): without it, the page view gets an id of its own, kept
 * in memory only, so a canary still buckets the page (a new draw on each page load) and nothing is
 * stored. A cookie left from before (or after consent was withdrawn) is removed.
 */
import { CLIENT_ID_PATTERN } from '@prata/contracts/client-id';
import { consentFromCookies } from '@prata/contracts/consent';

/** Name of the cookie. */
export const CLIENT_COOKIE = 'prata_client';
const ONE_YEAR_S = 31_536_000;

/** The id of this page view when no id may be stored (no analytics consent). */
let pageViewId: string | null = null;

/** The id in `cookieHeader` (`document.cookie` syntax), or null. */
export function clientIdFromCookies(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CLIENT_COOKIE) {
      const id = decodeURIComponent(value.join('='));
      return CLIENT_ID_PATTERN.test(id) ? id : null;
    }
  }
  return null;
}

/**
 * This browser's id: with analytics consent (the `prata_consent` cookie), the stored one, creating
 * the cookie when missing (or invalid); without it, this page view's id in memory (the cookie, if
 * any, is removed).
 */
export function clientId(doc: Document = document): string {
  if (!consentFromCookies(doc.cookie)?.analytics) {
    forgetClientId(doc);
    return (pageViewId ??= crypto.randomUUID());
  }
  const existing = clientIdFromCookies(doc.cookie);
  if (existing) return existing;
  const id = pageViewId ?? crypto.randomUUID();
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CLIENT_COOKIE}=${id}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax${secure}`;
  return id;
}

/** Removes the `prata_client` cookie (analytics consent withdrawn or never given). */
export function forgetClientId(doc: Document = document): void {
  if (/(?:^|;\s*)prata_client=/.test(doc.cookie)) doc.cookie = `${CLIENT_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
}
