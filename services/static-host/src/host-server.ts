/**
 * The shell's host as its own process: the store's front door in production (the `shell` service
 * of docker-compose.yml, shell/Dockerfile) and in `npm run preview:production`. It runs the same
 * host `npm start` runs (shell-host.ts): page documents server-rendered with the shell's Node
 * build (`SHELL_ROOT/server/server.js`), the shell's files, `/runtime-config.json`, `robots.txt`,
 * `sitemap.xml` and `/healthz`, with the render cache (`RENDER_CACHE=off` turns it off).
 *
 * Settings: the environment, validated at start (host-settings.ts); a missing or invalid variable
 * stops the process with exit code 1 and one line per problem. Once listening, it asks the API
 * for the registry until every remote answers in the browser and loads on the server, and logs
 * what does not, every minute; `GET /healthz` answers 503 until then, 200 after (the container's
 * HEALTHCHECK). SIGTERM/SIGINT/SIGHUP close the server (requests in flight finish) and exit 0.
 */
import { readHostSettings, type HostSettings } from './host-settings.ts';
import { routeOriginsInternally } from './internal-origins.ts';
import { documentCacheOf, startShellHost } from './shell-host.ts';

/** How long one readiness round waits before it logs what is still missing, ms. */
const READINESS_ROUND_MS = 60_000;

let settings: HostSettings;
try {
  settings = readHostSettings(process.env);
} catch (error) {
  // A refused configuration is a message, not a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { env } = settings;
routeOriginsInternally(settings.internalOrigins);

const host = await startShellHost({
  root: env.SHELL_ROOT,
  port: env.PORT,
  host: env.HOST,
  apiUrl: env.PUBLIC_API_URL,
  ...(env.INTERNAL_API_URL ? { internalApiUrl: env.INTERNAL_API_URL } : {}),
  storeOrigin: env.PUBLIC_STORE_URL,
  cspEnv: {
    RELEASE_ORIGINS: env.RELEASE_ORIGINS,
    ...(env.PAYMENT_PROVIDER ? { PAYMENT_PROVIDER: env.PAYMENT_PROVIDER } : {}),
    ...(env.MERCADOPAGO_SDK_URL ? { MERCADOPAGO_SDK_URL: env.MERCADOPAGO_SDK_URL } : {}),
    ...(env.MERCADOPAGO_API_URL ? { MERCADOPAGO_API_URL: env.MERCADOPAGO_API_URL } : {}),
    ...(env.MERCADOPAGO_FIELDS_ORIGIN ? { MERCADOPAGO_FIELDS_ORIGIN: env.MERCADOPAGO_FIELDS_ORIGIN } : {}),
  },
  // RELEASE_ORIGINS is required here, so the remotes' own URLs are never the fallback.
  remoteUrls: [],
  ...(env.SSR_BUDGET_MS ? { ssrBudgetMs: env.SSR_BUDGET_MS } : {}),
  hsts: env.HSTS === 'true',
  clientIdSecret: env.CLIENT_ID_SECRET,
  ...(env.TRUST_PROXY ? { trustProxy: env.TRUST_PROXY } : {}),
  cache: documentCacheOf(env),
});
console.log(`[shell host] listening on ${host.url} (store ${env.PUBLIC_STORE_URL}, API ${env.PUBLIC_API_URL})`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[shell host] ${signal} received: closing`);
  await host.close();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

while (!stopping) {
  const problems = await host.waitUntilReady(READINESS_ROUND_MS, () => stopping);
  if (problems.length === 0) {
    console.log('[shell host] ready: every remote answers, in the browser and on the server');
    break;
  }
  if (!stopping) console.error(`[shell host] not ready yet:\n  ${problems.join('\n  ')}`);
}
