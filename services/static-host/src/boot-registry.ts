/**
 * The registry and client id each document request is composed from.
 *
 * Without a canary every shopper composes the same registry, which the host asks of the API
 * (`GET /api/remotes`) at most every few seconds (and again after a release event), and no cookie
 * is set. While a canary runs, each browser needs its own bucket: it gets a first-party client id,
 * the `prata_client` cookie (random, a year, `SameSite=Lax`), passed to the API as `?client=`, and
 * a `private` document with its own registry (`Vary: Cookie`). When the API does not answer in
 * time the last registry it gave is used, and without one the shell fetches it in the browser.
 *
 * The cookie is not strictly necessary, so it is set (and read) only with the shopper's analytics
 * consent (`prata_consent`, contracts/consent.ts; ANPD cookie guide). Without it the page view is
 * still bucketed, under an id of its own that is never stored: each page load draws again.
 *
 * With a `signer` (the `CLIENT_ID_SECRET` the API shares), the host signs the ids it gives with the
 * shopper's address (contracts/client-id.ts), and replaces a cookie it did not sign. The API then
 * counts each shopper under their own address, although every registry call comes from this
 * host. The shopper's address is the socket's, or with `trustProxy` the one the trusted proxies
 * forwarded (@fastify/proxy-addr, as Fastify reads it).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { parseCookie, stringifySetCookie } from 'cookie';
import { CLIENT_ID_PATTERN, REGISTRY_CANARIES_HEADER, remoteRegistrySchema, type RemoteRegistry } from '@prata/contracts';
import { addressKey, type TrustProxy } from '@prata/contracts/address-key';
import type { ClientIdSigner } from '@prata/contracts/client-id';
import { CONSENT_COOKIE, decodeConsent } from '@prata/contracts/consent';

export const CLIENT_COOKIE = 'prata_client';
const CLIENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** See {@link BootRegistryOptions.registryTtlMs}. */
export const DEFAULT_REGISTRY_TTL_MS = 1000;

/**
 * What one document request resolved: the registry to compose the page from, and whether every
 * shopper gets that same registry now (no canary runs: the document can be shared, cached and
 * sent without a cookie) or this browser needs its own (a canary's bucket, with report tokens).
 */
export interface ShellBoot {
  /** The browser's client id: from its `prata_client` cookie, or new when a canary needs one (without analytics consent, one for this page view only); null when none is needed. */
  clientId: string | null;
  /** True when the answer must set the `prata_client` cookie (a canary runs, the browser had none, and it allowed analytics). */
  newClient: boolean;
  /** The registry (null: the API never answered). */
  registry: RemoteRegistry | null;
  /** True when every shopper gets this registry now (no canary). */
  shared: boolean;
}

/** The stable registry as this host last heard it. */
export interface StableRegistry {
  registry: RemoteRegistry;
  /** Remotes running a canary (the API's `prata-canaries` header). */
  canaries: string[];
  fetchedAt: number;
}

export interface BootRegistryOptions {
  /** Where this host reaches the API (no trailing slash). */
  fetchOrigin: () => string;
  /** How long a document waits for the registry (ms); then the last known one is used. Default 1500. */
  registryTimeoutMs?: number | undefined;
  /** How long the stable registry is used before it is asked again (ms; release events ask at once). Default 1000. */
  registryTtlMs?: number | undefined;
  /** Signs the client ids this host gives (see the module doc); absent or null: plain random ids. */
  signer?: ClientIdSigner | null | undefined;
  /** The proxies in front of this host (`TRUST_PROXY`: a hop count, or addresses and CIDRs); absent or false: the socket's address is the shopper's. */
  trustProxy?: TrustProxy | undefined;
}

/** Which forwarding hops `trust` believes (proxy-addr's form, compiled once), or null: none, the socket's address is the client. */
type TrustedHops = ((address: string, hop: number) => boolean) | null;

function trustedHops(trust: TrustProxy = false): TrustedHops {
  if (trust === false) return null;
  return typeof trust === 'number' ? (_address, hop) => hop < trust : proxyAddr.compile(trust);
}

/** The shopper's address of `raw` under `trusted` (what Fastify's `request.ip` would be). */
function clientAddressOf(raw: IncomingMessage, trusted: TrustedHops): string {
  return trusted ? proxyAddr(raw, trusted) : (raw.socket.remoteAddress ?? '');
}

/** The registry as every shopper may see it: without per-client report tokens. */
export const withoutTokens = (registry: RemoteRegistry): RemoteRegistry => registry.map(({ reportToken: _token, ...entry }) => entry);

/** The `Set-Cookie` value that gives a browser its client id (a year, first-party, `SameSite=Lax`). */
export function clientCookie(clientId: string): string {
  return stringifySetCookie({ name: CLIENT_COOKIE, value: clientId, path: '/', maxAge: CLIENT_COOKIE_MAX_AGE_S, sameSite: 'lax' });
}

/** Resolves each document request's {@link ShellBoot}; see the module doc. */
export class BootRegistry {
  private stable: StableRegistry | null = null;
  /** The stable registry must be asked again before it is used (a release event was heard). */
  private stableInvalid = true;
  private stableFetch: Promise<StableRegistry | null> | null = null;
  private lastRegistry: RemoteRegistry | null = null;
  private readonly boots = new WeakMap<IncomingMessage, Promise<ShellBoot>>();
  private readonly options: BootRegistryOptions;
  private readonly trusted: TrustedHops;

  constructor(options: BootRegistryOptions) {
    this.options = options;
    this.trusted = trustedHops(options.trustProxy);
  }

  /** Makes the next document ask the API for the stable registry again (a release changed it, or events were missed). */
  invalidate(): void {
    this.stableInvalid = true;
  }

  /**
   * The client id and registry of one document request, resolved once per request (the CSP and
   * the document share it). Never rejects: an API that fails or is slow gives the last registry
   * it answered (null before the first answer). Without a canary, every shopper shares the
   * stable registry, asked of the API at most every `registryTtlMs` (and again after a release
   * event); with one, each browser's own (`?client=`, as the shell in the browser asks it).
   */
  boot(raw: IncomingMessage): Promise<ShellBoot> {
    let boot = this.boots.get(raw);
    if (!boot) {
      boot = this.resolveBoot(raw);
      this.boots.set(raw, boot);
    }
    return boot;
  }

  private async resolveBoot(raw: IncomingMessage): Promise<ShellBoot> {
    const stable = await this.stableRegistry();
    // Each browser needs a registry of its own only while a canary runs (or the API never answered: none to share).
    if (!stable || stable.canaries.length === 0) return { clientId: null, newClient: false, registry: stable?.registry ?? this.lastRegistry, shared: true };
    const cookies = parseCookie(raw.headers.cookie ?? '');
    // Stored only with analytics consent; without it, an id for this page view alone (never set as a cookie).
    const stored = decodeConsent(cookies[CONSENT_COOKIE])?.analytics === true;
    const sent = stored ? cookies[CLIENT_COOKIE] : undefined;
    const signer = this.options.signer;
    const valid = sent !== undefined && CLIENT_ID_PATTERN.test(sent) && (!signer || (await signer.verify(sent)) !== null);
    const clientId = valid ? sent : signer ? await signer.issue(addressKey(clientAddressOf(raw, this.trusted))) : randomUUID();
    const registry = await this.fetchRegistry(clientId);
    return { clientId, newClient: stored && !valid, registry, shared: false };
  }

  /** The stable registry: the last one while it is fresh, else asked again (concurrent requests share the answer). */
  async stableRegistry(): Promise<StableRegistry | null> {
    const ttl = this.options.registryTtlMs ?? DEFAULT_REGISTRY_TTL_MS;
    const fresh = this.stable && !this.stableInvalid && Date.now() - this.stable.fetchedAt < ttl;
    if (fresh) return this.stable;
    this.stableFetch ??= this.fetchStable().finally(() => {
      this.stableFetch = null;
    });
    // A registry only past its time is used while it is asked again; an invalidated one is
    // waited for (so is every one with no time to live: asked for each document).
    if (this.stable && !this.stableInvalid && ttl > 0) return this.stable;
    return this.stableFetch;
  }

  private async fetchStable(): Promise<StableRegistry | null> {
    this.stableInvalid = false;
    try {
      const response = await fetch(`${this.options.fetchOrigin()}/api/remotes`, { signal: AbortSignal.timeout(this.options.registryTimeoutMs ?? 1500) });
      if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
      const registry = remoteRegistrySchema.parse(await response.json());
      const canaries = (response.headers.get(REGISTRY_CANARIES_HEADER) ?? '').split(',').filter(Boolean);
      this.stable = { registry, canaries, fetchedAt: Date.now() };
      this.lastRegistry = registry;
    } catch {
      // Keep the last registry: the document still renders, the shell retries on its own.
    }
    return this.stable;
  }

  /**
   * `clientId`'s own registry (a canary runs). When the API does not answer, the last stable
   * registry, never another browser's (security review 2026-11-29 #13: its canary bucket and
   * report tokens are that browser's alone).
   */
  private async fetchRegistry(clientId: string): Promise<RemoteRegistry | null> {
    try {
      const url = `${this.options.fetchOrigin()}/api/remotes?client=${encodeURIComponent(clientId)}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.registryTimeoutMs ?? 1500) });
      if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
      return remoteRegistrySchema.parse(await response.json());
    } catch {
      // The document still renders with the stable registry; the shell retries on its own.
      return this.lastRegistry && withoutTokens(this.lastRegistry);
    }
  }
}
