/**
 * The key a per-address limit counts a client under (security review 2026-11-29 #14): an IPv4
 * address as itself, an IPv6 address by its /64 (one host or home gets a whole /64, so counting
 * single IPv6 addresses let one machine open unlimited sockets or canary client ids), an
 * IPv4-mapped IPv6 address as its IPv4. The same grouping @fastify/rate-limit applies to the
 * routes' own limits. Parsed with ipaddr.js.
 *
 * `addressKey('203.0.113.7')` -> `203.0.113.7`; `addressKey('2001:db8:1:2:aaaa::1')` ->
 * `2001:db8:1:2::/64`; `addressKey('::ffff:203.0.113.7')` -> `203.0.113.7`; anything that is not
 * an address is returned as it was.
 *
 * Also `parseTrustProxy`: which proxies the API and the shell's host trust to forward that address.
 * Server-side only (node:net): imported as `@prata/contracts/address-key`, never from the index.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/** Names Fastify's proxy-addr accepts besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Which proxies are trusted to forward the client's address: none, a hop count, or their addresses/CIDRs (Fastify's `trustProxy`). */
export type TrustProxy = false | number | string[];

/**
 * Parses `TRUST_PROXY` (the API's and the shell host's): unset/`false`/`0` -> false; a hop count
 * -> number; otherwise a comma-separated list of IP addresses, CIDRs or proxy-addr names. `true`
 * is refused: it would let any client choose its IP through `X-Forwarded-For`.
 * @param service what the proxies stand in front of, for the message (default `the API`).
 * @throws Error with the accepted forms.
 */
export function parseTrustProxy(value: string | undefined, service = 'the API'): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const valid = (entry: string) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || !address || !isIP(address)) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  };
  if (text === 'true' || entries.length === 0 || !entries.every(valid)) {
    throw new Error(
      `Invalid configuration:\nTRUST_PROXY: give the number of reverse proxies in front of ${service} (e.g. 1) or their addresses/CIDRs ` +
        '(e.g. 10.0.0.0/8,172.16.0.0/12); `true` would trust any X-Forwarded-For a client sends',
    );
  }
  return entries;
}
