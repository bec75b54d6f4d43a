/**
 * Signed download links of an invoice's DANFE and XML, so the downloads
 * stay authorised. The invoice routes hand the buyer (or staff) links to
 * `GET /api/invoices/:id/{danfe,xml}?expires=<ms>&signature=<HMAC>`, valid {@link LINK_TTL_MS}: a
 * plain link the browser opens (no Authorization header needed) that nobody else can forge or
 * reuse for long. HMAC-SHA256 over invoice id, kind and expiry, with a key derived from
 * JWT_SECRET for this purpose only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a download link stays valid, ms (15 minutes: the page is refetched on focus). */
export const LINK_TTL_MS = 15 * 60_000;

export type InvoiceFileKind = 'danfe' | 'xml';

export class InvoiceLinks {
  private readonly key: Buffer;
  private readonly apiUrl: string;

  /** `secret`: the service's JWT_SECRET; `apiUrl`: the API's public origin. */
  constructor(secret: string, apiUrl: string) {
    this.key = createHmac('sha256', secret).update('prata925:invoice-download').digest();
    this.apiUrl = apiUrl;
  }

  /** The link to `kind` of invoice `id`, valid from `now` for LINK_TTL_MS. */
  url(id: string, kind: InvoiceFileKind, now: Date): string {
    const expires = now.getTime() + LINK_TTL_MS;
    return `${this.apiUrl}/api/invoices/${id}/${kind}?expires=${expires}&signature=${this.mac(id, kind, expires)}`;
  }

  /** Whether `signature` was made for (id, kind, expires) and `expires` is still ahead of `now`. */
  verify(id: string, kind: InvoiceFileKind, expires: number, signature: string, now: Date): boolean {
    if (expires < now.getTime()) return false;
    const expected = Buffer.from(this.mac(id, kind, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(id: string, kind: InvoiceFileKind, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}\u0000${kind}\u0000${expires}`).digest('base64url');
  }
}
