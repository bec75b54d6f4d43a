/**
 * The settings of the shell's host when it runs on its own (host-server.ts: the production
 * container and `npm run preview:production`), read once from the environment and validated with
 * zod ({@link hostEnvSchema}). An empty variable counts as unset.
 *
 * Required:
 * - `PUBLIC_API_URL`: the API's public origin, as browsers reach it (runtime configuration, boot
 *   data, CSP `connect-src`), e.g. `https://api.prata925.com.br`.
 * - `PUBLIC_STORE_URL`: the store's public origin (canonical, Open Graph and sitemap URLs).
 * - `RELEASE_ORIGINS`: the origins remote builds may be loaded from (CSP `script-src` and the
 *   rest), space- or comma-separated, each an origin or an origin with a path prefix
 *   (`http://minio.localhost:9000/prata-releases/`: only that bucket; kept in the CSP source); the
 *   same value as the API's, so a release the API accepts is one the shell may run.
 * - `CLIENT_ID_SECRET`: the API's `CLIENT_ID_SECRET` (at least 32 characters): while a canary runs,
 *   the host signs each shopper's client id with the shopper's address (boot-registry.ts), so the
 *   API counts shoppers, not this host's one address.
 *
 * Optional:
 * - `PORT` (default 8080), `HOST` (default 0.0.0.0): where the host listens.
 * - `INTERNAL_API_URL`: the API's origin on the host's own network (e.g. `http://api-proxy:8080`
 *   in docker-compose), when the public origin does not reach it from there.
 * - `INTERNAL_ORIGINS`: more public origins the host must reach by another origin, as
 *   `public=internal` pairs, space- or comma-separated, e.g.
 *   `http://localhost:3001=http://storefront:8080` (the remotes' origins in docker-compose, where
 *   `localhost` inside a container is the container itself).
 * - `TRUST_PROXY`: the proxies in front of the host (a load balancer, a CDN), as the API reads
 *   it: their number (e.g. `1`) or their addresses/CIDRs, comma-separated. Only then is
 *   `X-Forwarded-For` read for the shopper's address; `true` is refused (anybody could choose theirs).
 * - `SSR_BUDGET_MS` (default 300): a page's remote time budget on the server.
 * - `PAYMENT_PROVIDER`, `MERCADOPAGO_SDK_URL`, `MERCADOPAGO_API_URL`: the API's payment settings,
 *   and `MERCADOPAGO_FIELDS_ORIGIN` (the secure fields' origins, one or several, space- or
 *   comma-separated), from which the CSP's acquirer entries are derived (acquirer-csp.ts).
 * - `HSTS` (`true`/`false`, default false): send Strict-Transport-Security (browsers reach the
 *   store over https).
 * - `RENDER_CACHE` (`on`/`off`, default on): the render cache of finished pages; `CDN_PURGE_URL`:
 *   a CDN's purge hook, told the surrogate keys of the pages an event changes (shell-host.ts).
 * - `SHELL_ROOT` (default `<repo>/shell/dist`): the shell's build, with its Node build in `server/`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from '@prata/contracts/address-key';
import { allowedRemoteOrigins } from './release-origins.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An http(s) URL; `what` says what it is when the variable is missing. */
const httpUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: (issue) => (issue.input === undefined ? `required: ${what}` : `not an http(s) URL (${String(issue.input)})`) });

/** One or more http(s) URLs, space- or comma-separated; `what` says what they are. */
const httpUrlList = (what: string) =>
  z.string().superRefine((value, context) => {
    const items = value.split(/[\s,]+/).filter(Boolean);
    if (items.length === 0) context.addIssue({ code: 'custom', message: `no URL given: ${what}` });
    for (const item of items) {
      const url = URL.parse(item);
      if (!url || !/^https?:$/.test(url.protocol)) context.addIssue({ code: 'custom', message: `not an http(s) URL (${item})` });
    }
  });

/** `public=internal` origin pairs, space- or comma-separated. */
const originPairs = z.string().transform((value, context) => {
  const pairs = new Map<string, string>();
  for (const item of value.split(/[\s,]+/).filter(Boolean)) {
    const [from, to, ...rest] = item.split('=');
    const fromUrl = URL.parse(from ?? '');
    const toUrl = URL.parse(to ?? '');
    if (rest.length > 0 || !fromUrl || !toUrl || !/^https?:$/.test(fromUrl.protocol) || !/^https?:$/.test(toUrl.protocol)) {
      context.addIssue({ code: 'custom', message: `"${item}" is not a public=internal pair of http(s) origins` });
      return z.NEVER;
    }
    pairs.set(fromUrl.origin, toUrl.origin);
  }
  return pairs;
});

/** `TRUST_PROXY`, read as the API reads it (`parseTrustProxy`); the message without the prefix zod adds. */
const trustProxy = z.string().transform((value, context): TrustProxy => {
  try {
    return parseTrustProxy(value, 'the host');
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message.replace(/^Invalid configuration:\nTRUST_PROXY: /, '') });
    return z.NEVER;
  }
});

/** Every variable the host reads (see the module doc); required ones have neither `.optional()` nor a default. */
export const hostEnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_API_URL: httpUrl("the API's public origin, e.g. https://api.prata925.com.br"),
  PUBLIC_STORE_URL: httpUrl("the store's public origin, e.g. https://prata925.com.br"),
  RELEASE_ORIGINS: z
    .string({ error: "required: the origins (or origins with a path prefix) remote builds may be loaded from (the API's RELEASE_ORIGINS), space-separated" })
    .superRefine((value, context) => {
      try {
        allowedRemoteOrigins({ RELEASE_ORIGINS: value }, []);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message.replace(/^RELEASE_ORIGINS: /, '') });
      }
    }),
  CLIENT_ID_SECRET: z
    .string({ error: "required: the API's CLIENT_ID_SECRET, which signs the shoppers' client ids (openssl rand -base64 48)" })
    .min(32, 'must have at least 32 characters (openssl rand -base64 48)'),
  TRUST_PROXY: trustProxy.optional(),
  INTERNAL_API_URL: httpUrl("the API's origin on this host's network").optional(),
  INTERNAL_ORIGINS: originPairs.optional(),
  SSR_BUDGET_MS: z.coerce.number().int().positive().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mercadopago']).optional(),
  MERCADOPAGO_SDK_URL: httpUrl('MercadoPago.js').optional(),
  MERCADOPAGO_API_URL: httpUrl("Mercado Pago's API").optional(),
  MERCADOPAGO_FIELDS_ORIGIN: httpUrlList("the origins of Mercado Pago's secure fields").optional(),
  HSTS: z.enum(['true', 'false']).default('false'),
  RENDER_CACHE: z.enum(['on', 'off']).default('on'),
  CDN_PURGE_URL: httpUrl("a CDN's purge hook").optional(),
  SHELL_ROOT: z.string().default(path.join(REPO_ROOT, 'shell', 'dist')),
});

export type HostEnv = z.output<typeof hostEnvSchema>;

/** The variables {@link hostEnvSchema} requires (neither optional nor defaulted). */
export const REQUIRED_HOST_VARIABLES: readonly string[] = Object.entries(hostEnvSchema.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([name]) => name);

/** What the host does with its settings: the shell-host options and the origins it reaches internally. */
export interface HostSettings {
  env: HostEnv;
  /** Public origin -> the origin this host reaches it at (INTERNAL_ORIGINS, plus the API's when INTERNAL_API_URL is set). */
  internalOrigins: Map<string, string>;
}

/**
 * Parses the environment (see the module doc).
 * @throws Error listing every invalid or missing variable, one per line (`NAME: why`).
 */
export function readHostSettings(env: NodeJS.ProcessEnv): HostSettings {
  const parsed = hostEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration of the shell's host:\n${lines.join('\n')}`);
  }
  const internalOrigins = new Map(parsed.data.INTERNAL_ORIGINS ?? []);
  if (parsed.data.INTERNAL_API_URL) internalOrigins.set(new URL(parsed.data.PUBLIC_API_URL).origin, new URL(parsed.data.INTERNAL_API_URL).origin);
  return { env: parsed.data, internalOrigins };
}
