/**
 * The production topology of docker-compose.yml laid out on one machine, for
 * `npm run preview:production` (preview-production.ts runs it) and for the tests that check it:
 * which unit listens where and which environment each process gets. Nothing here starts anything.
 *
 * Ports: one block from a base `B` (default {@link PREVIEW_DEFAULT_PORT_BASE}), every unit on
 * 127.0.0.1 unless said otherwise:
 *
 * | unit | port | compose's counterpart |
 * |---|---|---|
 * | the store: the shell's host (host-server.ts) | B+80 | `shell` (8080) |
 * | the API proxy (nginx, nginx-api-proxy.conf.template) | B | `api-proxy` (3000) |
 * | storefront, checkout, admin, devtools (nginx, nginx-remote.conf.template) | B+1 .. B+4 | the remotes (3001-3004) |
 * | API replicas A and B (services/api), on 127.0.0.1 and 127.0.0.2 | B+10 | `api` x 2 |
 * | the replicas' name server (replica-dns.ts, UDP) | B+53 | Docker's DNS |
 * | object storage (s3rver: `prata-images`, `prata-releases`) | B+20 | `minio` |
 * | the Mercado Pago double: API (127.0.0.1), SDK script and card fields' frames (localhost) | B+30, B+31, B+32 | Mercado Pago |
 * | embedded PostgreSQL (unless `DATABASE_URL`) | B+40 | `postgres` |
 *
 * The two replicas share one port on two loopback addresses so that one name resolving to both
 * is all the proxy needs, as with Docker's DNS (Linux routes all of 127.0.0.0/8 to loopback; on
 * macOS add the alias first: `sudo ifconfig lo0 alias 127.0.0.2`).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@prata/contracts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The default port base: the store at 29080, clear of `npm start` (3000-3005, 8080), the test suites and of the ephemeral ports (32768-60999 on Linux) that outgoing connections take. */
export const PREVIEW_DEFAULT_PORT_BASE = 29_000;
/** The loopback addresses of replicas A and B. */
export const REPLICA_ADDRESSES = ['127.0.0.1', '127.0.0.2'] as const;
/** The name the API proxy resolves to every replica (compose: `api`). */
export const REPLICA_NAME = 'api.prata-preview.internal';
/** The buckets compose's `minio-buckets` makes. */
export const BUCKETS = { images: 'prata-images', releases: 'prata-releases' } as const;
/** s3rver's fixed credentials (it accepts no other pair). */
export const OBJECT_STORE_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
/** The application database (compose's POSTGRES_DB, and the embedded cluster's). */
export const DATABASE_NAME = 'prata925';
export const REMOTES: readonly { name: RemoteName; dir: string }[] = [
  { name: 'storefront', dir: 'mf-storefront' },
  { name: 'checkout', dir: 'mf-checkout' },
  { name: 'admin', dir: 'mf-admin' },
  { name: 'devtools', dir: 'mf-devtools' },
];

export interface PreviewLayout {
  portBase: number;
  /** The preview's data directory (database, objects, each unit's files and logs). */
  dataDir: string;
  ports: { store: number; apiProxy: number; remotes: Record<RemoteName, number>; replicas: number; dns: number; objectStore: number; acquirer: number; acquirerSdk: number; acquirerFields: number; postgres: number };
  /** What browsers open: the shell's host. */
  storeUrl: string;
  /** The API's public origin: the proxy in front of the replicas. */
  apiUrl: string;
  remoteUrls: Record<RemoteName, string>;
  /** Each replica's own origin, past the proxy: A, B. */
  replicaUrls: readonly [string, string];
  objectStoreUrl: string;
  /** Where released builds are read from (the public-read releases bucket). */
  releasesUrl: string;
  /** The release allow-list: the remotes and the releases bucket only, by its path (the API's RELEASE_ORIGINS and the shell's CSP). */
  releaseOrigins: string[];
  /** The acquirer double's origins: its API, its SDK script and its secure fields' frames (three, as Mercado Pago's). */
  acquirer: { apiUrl: string; sdkOrigin: string; fieldsOrigin: string };
}

/** The units' ports and URLs for `portBase` (see the module doc), with data under `dataDir`. */
export function previewLayout(portBase: number, dataDir: string): PreviewLayout {
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const remotes = Object.fromEntries(REMOTES.map(({ name }, i) => [name, portBase + 1 + i])) as Record<RemoteName, number>;
  const ports = { store: portBase + 80, apiProxy: portBase, remotes, replicas: portBase + 10, dns: portBase + 53, objectStore: portBase + 20, acquirer: portBase + 30, acquirerSdk: portBase + 31, acquirerFields: portBase + 32, postgres: portBase + 40 };
  const remoteUrls = Object.fromEntries(REMOTES.map(({ name }) => [name, local(remotes[name])])) as Record<RemoteName, string>;
  const objectStoreUrl = local(ports.objectStore);
  return {
    portBase,
    dataDir,
    ports,
    storeUrl: local(ports.store),
    apiUrl: local(ports.apiProxy),
    remoteUrls,
    replicaUrls: [`http://${REPLICA_ADDRESSES[0]}:${ports.replicas}`, `http://${REPLICA_ADDRESSES[1]}:${ports.replicas}`],
    objectStoreUrl,
    releasesUrl: `${objectStoreUrl}/${BUCKETS.releases}`,
    releaseOrigins: [...Object.values(remoteUrls), `${objectStoreUrl}/${BUCKETS.releases}/`],
    acquirer: { apiUrl: local(ports.acquirer), sdkOrigin: `http://localhost:${ports.acquirerSdk}`, fieldsOrigin: `http://localhost:${ports.acquirerFields}` },
  };
}

/** What the preview generates or starts for a run and hands the units. */
export interface PreviewRun {
  /** The database both replicas share. */
  databaseUrl: string;
  /** The API's secrets, new for every run (`clientIdSecret`: shared with the shell's host). */
  secrets: { jwtSecret: string; encryptionKey: string; clientIdSecret: string };
  /** The acquirer double's credentials. */
  acquirer: { accessToken: string; publicKey: string; webhookSecret: string };
}

/** New API secrets for a run: 48 random bytes each, base64, as `openssl rand -base64 48` makes them. */
export function runSecrets(): PreviewRun['secrets'] {
  return { jwtSecret: randomBytes(48).toString('base64'), encryptionKey: randomBytes(48).toString('base64'), clientIdSecret: randomBytes(48).toString('base64') };
}

/** The acquirer settings the API and the shell's host both read (the host derives its CSP from them). */
function paymentEnv(layout: PreviewLayout): Record<string, string> {
  return { PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_API_URL: layout.acquirer.apiUrl, MERCADOPAGO_SDK_URL: `${layout.acquirer.sdkOrigin}/js/v2` };
}

/**
 * The environment of API replica `replica` (0: A, 1: B), as compose's `api` service sets it (with
 * the image's own NODE_ENV, API_HOST, API_PORT and DATA_DIR), except that mail is off: the
 * preview has no relay, and production refuses the local mail mode.
 */
export function apiReplicaEnv(layout: PreviewLayout, run: PreviewRun, replica: 0 | 1): Record<string, string> {
  return {
    NODE_ENV: 'production',
    API_HOST: REPLICA_ADDRESSES[replica],
    API_PORT: String(layout.ports.replicas),
    // Each replica has its own scratch directory, as each container has its own file system.
    DATA_DIR: path.join(layout.dataDir, `api-${'ab'[replica]}`),
    DATABASE_URL: run.databaseUrl,
    PUBLIC_API_URL: layout.apiUrl,
    // The proxy is the one hop in front of the replicas.
    TRUST_PROXY: '1',
    SHELL_URL: layout.storeUrl,
    REMOTE_STOREFRONT_URL: layout.remoteUrls.storefront,
    REMOTE_CHECKOUT_URL: layout.remoteUrls.checkout,
    REMOTE_ADMIN_URL: layout.remoteUrls.admin,
    REMOTE_DEVTOOLS_URL: layout.remoteUrls.devtools,
    RELEASE_ORIGINS: layout.releaseOrigins.join(' '),
    JWT_SECRET: run.secrets.jwtSecret,
    ENCRYPTION_KEY: run.secrets.encryptionKey,
    CLIENT_ID_SECRET: run.secrets.clientIdSecret,
    ...paymentEnv(layout),
    MERCADOPAGO_ACCESS_TOKEN: run.acquirer.accessToken,
    MERCADOPAGO_PUBLIC_KEY: run.acquirer.publicKey,
    MERCADOPAGO_WEBHOOK_SECRET: run.acquirer.webhookSecret,
    STORAGE: 's3',
    STORAGE_S3_BUCKET: BUCKETS.images,
    STORAGE_S3_ENDPOINT: layout.objectStoreUrl,
    STORAGE_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: OBJECT_STORE_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: OBJECT_STORE_CREDENTIALS.secretAccessKey,
    MAIL_DISABLED: 'true',
    MAIL_FROM: 'Prata 925 <nao-responda@prata925.com.br>',
    API_DOCS: 'false',
  };
}

/** The environment of the shell's host (host-server.ts), as compose's `shell` service sets it (with the image's PORT and HOST). */
export function shellHostEnv(layout: PreviewLayout, run: PreviewRun): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(layout.ports.store),
    PUBLIC_STORE_URL: layout.storeUrl,
    PUBLIC_API_URL: layout.apiUrl,
    // On this machine the public origins reach every unit: the proxy is the API's internal origin too.
    INTERNAL_API_URL: layout.apiUrl,
    CLIENT_ID_SECRET: run.secrets.clientIdSecret,
    RELEASE_ORIGINS: layout.releaseOrigins.join(' '),
    ...paymentEnv(layout),
    MERCADOPAGO_FIELDS_ORIGIN: layout.acquirer.fieldsOrigin,
    SHELL_ROOT: path.join(REPO_ROOT, 'shell', 'dist'),
  };
}

/** One nginx of the preview: a template of services/static-host/docker with its variables. */
export interface NginxUnit {
  name: string;
  template: 'nginx-api-proxy.conf.template' | 'nginx-remote.conf.template';
  /** The template's variables, as compose sets them for the unit. */
  env: Record<string, string>;
  /** What it listens on, e.g. `127.0.0.1:29001`. */
  listen: string;
  /** The build it serves (a remote's `dist`). */
  root?: string;
  url: string;
}

/** The API proxy (in front of both replicas, resolved through `resolver`) and one nginx per remote. */
export function nginxUnits(layout: PreviewLayout, resolver: string): NginxUnit[] {
  const listen = (port: number) => `127.0.0.1:${port}`;
  return [
    {
      name: 'api-proxy',
      template: 'nginx-api-proxy.conf.template',
      env: { API_UPSTREAM: `http://${REPLICA_NAME}:${layout.ports.replicas}`, API_RESOLVER: resolver },
      listen: listen(layout.ports.apiProxy),
      url: layout.apiUrl,
    },
    ...REMOTES.map(({ name, dir }) => ({
      name,
      template: 'nginx-remote.conf.template' as const,
      env: {},
      listen: listen(layout.ports.remotes[name]),
      root: path.join(REPO_ROOT, dir, 'dist'),
      url: layout.remoteUrls[name],
    })),
  ];
}

/**
 * The environment of the repository's commands run against the preview (`npm run release`,
 * `rollback`, `create-owner`): the running embedded cluster under the data directory (or
 * `databaseUrl` when the preview was given one), the remotes' origins, the allow-list, and the
 * releases bucket as compose's release command uses MinIO's.
 */
export function toolEnv(layout: PreviewLayout, databaseUrl?: string): Record<string, string> {
  return {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', DATA_DIR: layout.dataDir, EMBEDDED_PG_PORT: String(layout.ports.postgres) }),
    REMOTE_STOREFRONT_URL: layout.remoteUrls.storefront,
    REMOTE_CHECKOUT_URL: layout.remoteUrls.checkout,
    REMOTE_ADMIN_URL: layout.remoteUrls.admin,
    REMOTE_DEVTOOLS_URL: layout.remoteUrls.devtools,
    RELEASE_ORIGINS: layout.releaseOrigins.join(' '),
    RELEASE_STORAGE: 's3',
    RELEASE_S3_BUCKET: BUCKETS.releases,
    RELEASE_S3_ENDPOINT: layout.objectStoreUrl,
    RELEASE_S3_FORCE_PATH_STYLE: 'true',
    RELEASE_S3_PUBLIC_URL: layout.releasesUrl,
    AWS_ACCESS_KEY_ID: OBJECT_STORE_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: OBJECT_STORE_CREDENTIALS.secretAccessKey,
  };
}
