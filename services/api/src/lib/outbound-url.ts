/**
 * A guard for URLs the service calls on a user's word (alert webhooks), against server-side
 * request forgery (SSRF): the URL must be http(s), https when `httpsOnly`, carry no credentials,
 * and its host, as written and as DNS resolves it, must be a public unicast address (no loopback,
 * private, link-local (cloud metadata), unique-local, CGNAT or reserved ranges) unless
 * `allowPrivate` (a development or test setting). Check the URL when it is saved
 * ({@link outboundUrlProblem}) and again right before each call ({@link resolvedUrlProblem}),
 * since DNS may have changed; the call itself must not follow redirects.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export interface OutboundUrlPolicy {
  /** Refuse plain http. */
  httpsOnly: boolean;
  /** Admit private, loopback and other non-public addresses (development and tests only). */
  allowPrivate: boolean;
}

/** Resolves a host name to its addresses (dns.lookup with `all`). */
export type HostLookup = (host: string) => Promise<{ address: string }[]>;

const defaultLookup: HostLookup = (host) => dnsLookup(host, { all: true });

/** Whether `address` (IPv4 or IPv6, IPv4-mapped unwrapped) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Why `raw` may not be called, in pt-BR, without resolving its host; null when it may. */
export function outboundUrlProblem(raw: string, policy: OutboundUrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL inválida';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use uma URL http(s)';
  if (policy.httpsOnly && url.protocol !== 'https:') return 'Use uma URL https';
  if (url.username || url.password) return 'A URL não pode conter usuário ou senha';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.allowPrivate) return null;
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'Endereços privados ou locais não são permitidos';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return 'Endereços privados ou locais não são permitidos';
  return null;
}

/** {@link outboundUrlProblem}, then every address the host resolves to must be public (unless `allowPrivate`). */
export async function resolvedUrlProblem(raw: string, policy: OutboundUrlPolicy, lookup: HostLookup = defaultLookup): Promise<string | null> {
  const problem = outboundUrlProblem(raw, policy);
  if (problem || policy.allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    return 'Host não encontrado';
  }
  return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address)) ? null : 'O host resolve para um endereço privado ou local';
}
