/**
 * Canary report tokens: the canary guard counts only error reports the server can tie to a
 * registry answer it gave, so made-up reports cannot roll a canary back. When
 * `GET /api/remotes?client=<id>` serves a remote that has a canary running, each such entry
 * carries `reportToken`: an HMAC-SHA256 (key derived from JWT_SECRET) over remote, version,
 * client id and expiry, valid {@link REPORT_TOKEN_TTL_MS}.
 * The browser sends it back with `POST /api/errors`; a report whose token verifies for its remote
 * and version is stored as `verified`, and only verified reports count (canary-guard.ts).
 * Format: `<expiry ms>.<base64url client id>.<base64url HMAC>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a token stays valid: an hour, renewed with every registry answer. */
export const REPORT_TOKEN_TTL_MS = 60 * 60_000;

export class CanaryReportTokens {
  private readonly key: Buffer;

  /** `secret`: the service's JWT_SECRET; the key is derived from it for this purpose only. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('prata925:canary-report-token').digest();
  }

  /** A token for `clientId` served `version` of `remote` at `now`. */
  issue(remote: string, version: string, clientId: string, now: Date): string {
    const expiry = now.getTime() + REPORT_TOKEN_TTL_MS;
    const client = Buffer.from(clientId).toString('base64url');
    return `${expiry}.${client}.${this.mac(remote, version, clientId, expiry)}`;
  }

  /** Whether `token` was issued for `remote` at `version` and has not expired at `now`. */
  verify(token: string | undefined, remote: string | undefined, version: string | undefined, now: Date): boolean {
    return this.clientOf(token, remote, version, now) !== null;
  }

  /** The client id `token` was issued to for `remote` at `version`, or null when it was not, or has expired at `now`. */
  clientOf(token: string | undefined, remote: string | undefined, version: string | undefined, now: Date): string | null {
    if (!token || !remote || !version) return null;
    const [expiryText = '', client = '', mac = ''] = token.split('.');
    const expiry = Number(expiryText);
    if (!/^\d{13}$/.test(expiryText) || expiry < now.getTime()) return null;
    const clientId = Buffer.from(client, 'base64url').toString();
    const expected = Buffer.from(this.mac(remote, version, clientId, expiry));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? clientId : null;
  }

  private mac(remote: string, version: string, clientId: string, expiry: number): string {
    return createHmac('sha256', this.key).update(`${remote}\u0000${version}\u0000${clientId}\u0000${expiry}`).digest('base64url');
  }
}
