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
 */
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
