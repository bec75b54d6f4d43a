/**
 * The browser's client id for sticky canaries: a random id in the first-party cookie
 * `prata_client` on the store's origin (one year, `SameSite=Lax`, `Secure` over https), created
 * on first use. The shell sends it as `GET /api/remotes?client=<id>`, so a client stays in (or
 * out of) a remote's canary across page loads; the shell's host can read the same cookie when it
 * inlines the registry into the page. It identifies a browser, not a person, and carries nothing else.
 */
import { CLIENT_ID_PATTERN } from '@prata/contracts/client-id';

/** Name of the cookie. */
export const CLIENT_COOKIE = 'prata_client';
const ONE_YEAR_S = 31_536_000;

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

/** This browser's id, creating the cookie when missing (or invalid). */
export function clientId(doc: Document = document): string {
  const existing = clientIdFromCookies(doc.cookie);
  if (existing) return existing;
  const id = crypto.randomUUID();
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CLIENT_COOKIE}=${id}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax${secure}`;
  return id;
}
