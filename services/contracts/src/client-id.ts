/**
 * Host-issued client ids: the identity a canary counts a browser under.
 *
 * While a canary runs, the shell's host gives each browser without one a client id in the
 * `prata_client` cookie. The canary guard divides erroring clients by exposed clients, so both
 * must be browsers the store really served, and one address must not count as many browsers.
 * The host therefore signs what it issues: `<id>.<address tag>.<mac>`, where
 * - `id` is a random UUID (the canary bucket is drawn from the whole value);
 * - `address tag` is 16 base64url characters of an HMAC of the shopper's address key
 *   ({@link addressKey}: an IPv4 address, or an IPv6 /64) as the host saw it. The address itself
 *   is not in the cookie;
 * - `mac` is the HMAC-SHA256 (base64url) of `id.tag`.
 *
 * The key is derived from `CLIENT_ID_SECRET`, which the host and the API share. The API trusts
 * the tag of an id whose mac verifies and caps the counted ids per tag. Every shopper's registry
 * reaches the API from the host's one address, so a cap on that address would count five
 * shoppers in all. An id that is not signed (made up by a caller, or by the shell in the
 * browser when the host could not give one) is still served its sticky bucket, but is counted
 * under the address that asked. Web Crypto (`crypto.subtle`) only, so this module runs in Node
 * and in browsers alike; only the host and the API hold the secret.
 */

/** A client id as the `prata_client` cookie and `?client=` carry it: a plain id (8-64 URL-safe characters) or a host-signed one. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}(?:\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43})?$/;

/** A host-signed client id, split: id, address tag, mac. */
const SIGNED = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/** What a verified client id says. */
export interface VerifiedClientId {
  /** The random part. */
  id: string;
  /** The tag of the address the host issued it to (16 base64url characters); per-address caps count under it. */
  addressTag: string;
}

const encoder = new TextEncoder();

/** Web Crypto's key type, as both the DOM and Node's type definitions know it. */
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Issues and verifies host-signed client ids (see the module doc). */
export class ClientIdSigner {
  private readonly key: Promise<HmacKey>;

  /**
   * @param secret `CLIENT_ID_SECRET`, the same for the host and the API (at least 32 characters
   * in production; the settings check that). The HMAC key is derived from it for this use only.
   */
  constructor(secret: string) {
    this.key = crypto.subtle
      .importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      .then((master) => crypto.subtle.sign('HMAC', master, encoder.encode('prata925:client-id')))
      .then((derived) => crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  }

  /**
   * A new signed id for a browser asking from `address` (its address key: {@link addressKey}).
   * @param id the random part (default a new UUID).
   */
  async issue(address: string, id: string = crypto.randomUUID()): Promise<string> {
    const tag = (await this.mac(`address:${address}`)).slice(0, 16);
    return `${id}.${tag}.${await this.mac(`${id}.${tag}`)}`;
  }

  /** The id and address tag of `value` when this key signed it, else null (plain, malformed or forged). */
  async verify(value: string | undefined): Promise<VerifiedClientId | null> {
    const match = value ? SIGNED.exec(value) : null;
    if (!match) return null;
    const [, id, addressTag, mac] = match as unknown as [string, string, string, string];
    const given = Uint8Array.from(atob(mac.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    const valid = await crypto.subtle.verify('HMAC', await this.key, given, encoder.encode(`${id}.${addressTag}`));
    return valid ? { id, addressTag } : null;
  }

  private async mac(text: string): Promise<string> {
    return base64url(await crypto.subtle.sign('HMAC', await this.key, encoder.encode(text)));
  }
}
