/**
 * `npm run preview:production`: the production topology of docker-compose.yml, booted on this
 * machine without Docker, so what production serves can be seen and tested before it ships. The
 * units run the code and the configuration files the containers run (preview-topology.ts lays
 * them out; its table maps each to its compose service):
 *
 * - the store is the shell's host as its own process (host-server.ts, the container's command),
 *   rendering pages on the server with `shell/dist/server/server.js`;
 * - the API as two replicas (`node services/api/src/server.ts`, `NODE_ENV=production`) behind
 *   Debian's nginx (`/usr/sbin/nginx`, or `NGINX_BIN`) running nginx-api-proxy.conf.template,
 *   which resolves one name to both replicas through a local name server, as Docker's DNS does;
 * - each remote's build served from its own origin by nginx with nginx-remote.conf.template;
 * - one PostgreSQL for both replicas: an embedded cluster started here (two API processes cannot
 *   both own one), unless `DATABASE_URL` is set;
 * - object storage through the API's S3 adapter on s3rver: product images in `prata-images`,
 *   released builds in `prata-releases` (readable by browsers, as compose's MinIO bucket);
 * - payments: production refuses the sandbox, so `PAYMENT_PROVIDER=mercadopago` points at a local
 *   Mercado Pago double (services/api/test/mercadopago-double.ts: its SDK, secure card fields and
 *   API, on three origins as Mercado Pago's); no payment leaves this machine. Card 4111 1111 1111 1111 is approved, 4000 0000 0000 0002
 *   refused;
 * - mail off (`MAIL_DISABLED=true`: there is no relay, and production refuses the local mail
 *   mode), and `JWT_SECRET` / `ENCRYPTION_KEY` generated for every run.
 *
 * Settings (environment): `PREVIEW_PORT_BASE` (default 29000: the store at 29080, the block is in
 * preview-topology.ts), `PREVIEW_DATA_DIR` (default `<repo>/.data/preview`), `NGINX_BIN`,
 * `DATABASE_URL`; the rest of the environment reaches the API replicas (e.g. `CEP_LOOKUP_URL=off`
 * offline, `LOG_LEVEL`), under the topology's own settings. The data directory is emptied at
 * every start (the secrets are new, so data encrypted with the last run's key could not be read)
 * and kept after the stop (each unit's files and nginx's error logs); a directory the preview did
 * not make is never emptied.
 *
 * Prints the store's URL once `/healthz` of the shell's host answers 200. SIGINT (Ctrl+C),
 * SIGTERM and SIGHUP stop every unit, the store first and the database last, and exit 0; a unit
 * that exits on its own stops the rest and exits 1. No nginx or postgres is left behind: the
 * nginx masters and the replicas are children of this process, and the embedded postmaster stops
 * when this process goes, however it goes (embedded-postgres.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { liveOwnerOf, startEmbeddedPostgres } from '../../api/src/database/embedded-postgres.ts';
import { MercadoPagoDouble } from '../../api/test/mercadopago-double.ts';
import { startS3Double } from '../../api/test/s3-double.ts';
import { findNginx, localSite, readTemplate, startNginx } from './nginx-process.ts';
import {
  apiReplicaEnv,
  BUCKETS,
  DATABASE_NAME,
  nginxUnits,
  PREVIEW_DEFAULT_PORT_BASE,
  previewLayout,
  REMOTES,
  REPLICA_ADDRESSES,
  REPLICA_NAME,
  REPO_ROOT,
  runSecrets,
  shellHostEnv,
  toolEnv,
  type PreviewLayout,
} from './preview-topology.ts';
import { startReplicaDns } from './replica-dns.ts';

/** Marks a data directory this preview made, the only kind it empties. */
const MARKER = '.prata-preview';
/** How long the replicas (migrations, seeding) and then the store's readiness may take, ms. */
const START_TIMEOUT_MS = 180_000;

const settings = z
  .object({
    PREVIEW_PORT_BASE: z.coerce.number().int().min(1024).max(65_535 - 80).default(PREVIEW_DEFAULT_PORT_BASE),
    PREVIEW_DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data', 'preview')),
    DATABASE_URL: z.string().optional(),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
if (!settings.success) {
  console.error(`Invalid configuration of the preview:\n${settings.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
  process.exit(1);
}
const layout = previewLayout(settings.data.PREVIEW_PORT_BASE, path.resolve(settings.data.PREVIEW_DATA_DIR));
const nginxBinary = findNginx();
const log = (line: string) => console.log(`[preview] ${line}`);

/** What to stop, newest first. */
const stops: { name: string; stop: () => Promise<void> }[] = [];
let stopping = false;

async function stopAll(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const unit of stops.reverse()) {
      await unit.stop().catch((error: unknown) => console.error(`[preview] stopping ${unit.name} failed:`, error));
    }
  }
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(0));

/** Copies a child's output lines to ours, each after `[name]`. */
function prefixOutput(child: ChildProcess, name: string): void {
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
}

/** Runs `node <script>` as unit `name`; its unexpected exit stops the preview. Stopped with SIGTERM. */
function runNode(name: string, script: string, cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixOutput(child, name);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[preview] ${name} exited (${signal ?? code}); stopping the preview`);
    void stopAll(1);
  });
  stops.push({
    name,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  });
  return child;
}

/** Polls `url` until it answers 200 (or `stopping`). @throws after `timeoutMs`, naming `what`. */
async function waitFor200(url: string, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!stopping) {
    if (await fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.status === 200, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer 200 at ${url} within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/**
 * Empties the data directory for a fresh run (creating it, mode 0755: the embedded cluster runs
 * as another OS user when started as root).
 * @throws Error when it holds files the preview did not make, or a live preview's database.
 */
async function freshDataDir(layout: PreviewLayout): Promise<void> {
  const dir = layout.dataDir;
  if (existsSync(dir)) {
    const entries = await readdir(dir);
    if (entries.length > 0 && !entries.includes(MARKER)) throw new Error(`PREVIEW_DATA_DIR ${dir} is not empty and was not made by the preview: choose another directory`);
    const owner = liveOwnerOf(path.join(dir, 'postgres'));
    if (owner) throw new Error(`another preview (pid ${owner}) runs on ${dir}: stop it, or choose another PREVIEW_DATA_DIR`);
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  await writeFile(path.join(dir, MARKER), 'The data directory of `npm run preview:production`, emptied at its every start.\n');
}

async function boot(): Promise<void> {
  const startedAt = performance.now();
  if (!nginxBinary) throw new Error('nginx is not installed: apt-get install -y nginx-light (or set NGINX_BIN)');
  for (const dir of ['shell', ...REMOTES.map((remote) => remote.dir)]) {
    if (!existsSync(path.join(REPO_ROOT, dir, 'dist'))) throw new Error(`${dir}/dist is missing: run \`npm run build\` (npm run preview:production does it for you)`);
  }
  await freshDataDir(layout);
  log(`data in ${layout.dataDir}`);

  let databaseUrl = settings.data!.DATABASE_URL;
  if (!databaseUrl) {
    const database = await startEmbeddedPostgres({
      dataDir: path.join(layout.dataDir, 'postgres'),
      port: layout.ports.postgres,
      database: DATABASE_NAME,
      persistent: true,
      log: { info: (line) => log(line), warn: (line) => log(line), debug: () => undefined },
    });
    stops.push({ name: 'postgres', stop: () => database.stop() });
    databaseUrl = database.url;
    log(`PostgreSQL (embedded) on 127.0.0.1:${layout.ports.postgres}`);
  }

  const objects = await startS3Double(Object.values(BUCKETS), { port: layout.ports.objectStore, directory: path.join(layout.dataDir, 'objects'), browserReadable: [BUCKETS.releases] });
  stops.push({ name: 'object storage', stop: () => objects.close() });
  const acquirer = new MercadoPagoDouble();
  await acquirer.start({ api: layout.ports.acquirer, sdk: layout.ports.acquirerSdk, fields: layout.ports.acquirerFields });
  stops.push({ name: 'acquirer double', stop: () => acquirer.stop() });
  const dns = await startReplicaDns(REPLICA_NAME, REPLICA_ADDRESSES, layout.ports.dns);
  stops.push({ name: 'name server', stop: () => dns.close() });

  const run = {
    databaseUrl,
    secrets: runSecrets(),
    acquirer: { accessToken: acquirer.accessToken, publicKey: acquirer.publicKey, webhookSecret: acquirer.webhookSecret },
  };
  // Both replicas start at once, as `deploy.replicas: 2` starts them: migrations take a lock.
  for (const replica of [0, 1] as const) {
    runNode(`api-${'ab'[replica]}`, 'src/server.ts', path.join(REPO_ROOT, 'services/api'), { ...process.env, ...apiReplicaEnv(layout, run, replica) });
  }
  await Promise.all(layout.replicaUrls.map((url) => waitFor200(`${url}/api/health`, 'an API replica', START_TIMEOUT_MS)));
  log(`API replicas ${layout.replicaUrls.join(' and ')}`);

  for (const unit of nginxUnits(layout, dns.resolver)) {
    const site = localSite(readTemplate(unit.template), unit.env, { listen: unit.listen, ...(unit.root ? { root: unit.root } : {}) });
    const nginx = await startNginx({ binary: nginxBinary, dir: path.join(layout.dataDir, 'nginx', unit.name), site, url: unit.url });
    nginx.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[preview] nginx of ${unit.name} exited (${signal ?? code}); stopping the preview`);
      void stopAll(1);
    });
    stops.push({ name: `nginx ${unit.name}`, stop: () => nginx.stop() });
    log(`${unit.name.padEnd(10)} ${unit.url} (nginx, ${unit.template})`);
  }

  // The shell's host gets only its own settings, as its container does.
  runNode('shell', 'services/static-host/src/host-server.ts', REPO_ROOT, { PATH: process.env.PATH, ...shellHostEnv(layout, run) });
  await waitFor200(`${layout.storeUrl}/healthz`, "the shell's host", START_TIMEOUT_MS);
  if (stopping) return;

  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  // The commands' environment, ready to paste (a DATABASE_URL given to the preview stays in the shell's variable).
  const tools = Object.entries(toolEnv(layout, settings.data!.DATABASE_URL))
    .map(([name, value]) => `${name}=${name === 'DATABASE_URL' && value ? '"$DATABASE_URL"' : value.includes(' ') ? `'${value}'` : value}`)
    .join(' ');
  console.log(`
  Prata 925, production preview: ${layout.storeUrl}  (ready in ${seconds} s)
    NODE_ENV=production; pages rendered by the shell's host; API ${layout.apiUrl} (nginx) over ${layout.replicaUrls.join(' and ')}
    payments go to a local Mercado Pago double (${layout.acquirer.apiUrl}): nothing leaves this machine; card 4111 1111 1111 1111 is approved
    e-mail is off (MAIL_DISABLED=true) and there are no demo accounts. The commands, against this preview:
      ${tools} npm run create-owner -- --email <e-mail> --name '<name>'
      ${tools} npm run release -- storefront
  Press Ctrl+C to stop.
`);
}

try {
  await boot();
} catch (error) {
  if (!stopping) {
    console.error(`[preview] ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(1);
  }
}
