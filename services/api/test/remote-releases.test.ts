/**
 * Remote releases against real PostgreSQL and a real static origin (Fastify serving
 * build directories from disk over HTTP): publish, activate, refuse a release whose manifest is
 * unreachable or whose entry does not match its hash, `--no-activate`, rollback down to the
 * bootstrap entry, the registry `GET /api/remotes` serves (never cached), access and audit rows,
 * and the activation relayed to open tabs on the public realtime channel `releases`; a canary
 * rolled back by the canary-guard job (driven by a test clock and explicit ticks) once its error
 * rate is past the threshold, and kept while it is under it. The Node build's hash and
 * the weight recorded with a release, the hash on the registry entries that serve it, the Node
 * container checked before every activation, and a remote without a server build still released.
 * The hashes of a release's style sheets: recorded, listed and served on its registry entry,
 * each sheet the manifest lists checked against its bytes on the origin at publish and before every
 * activation (a changed, unhashed or unlisted sheet refused), idempotent when published again.
 * The release tool's way in, the registry opened on the database
 * (`@prata/api/releases`), records and refuses as the routes do.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteRegistrySchema, remoteReleaseListSchema, type RemoteRegistry } from '@prata/contracts';
import { ClientIdSigner } from '@prata/contracts/client-id';
import { sriHash, unverifiedMessage } from '../src/modules/platform/release-verifier.ts';
import { openReleaseRegistry } from '../src/bootstrap/release-registry.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { CANARY_CHECK_INTERVAL_MS, CANARY_ERROR_RATIO, CANARY_MIN_ERRORED_CLIENTS, CANARY_VITALS_RATIO, canaryFails } from '../src/modules/platform/canary-guard.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { TestSocket } from './realtime-client.ts';

let service: TestService;
let origin: FastifyInstance;
let originUrl: string;
let deployDir: string;
let developer: SignedIn;
let admin: SignedIn;
let customer: SignedIn;
const clock = new TestClock();
/** The secret the shell's host and the API share in this test (CLIENT_ID_SECRET). */
const CLIENT_ID_SECRET = 'client-id-secret-for-the-release-tests-0123456789';

/** Writes a storefront build of `version` (manifest + entry) under the origin; returns its release body. */
async function build(version: string, entrySource = `/* storefront ${version} */`) {
  const dir = path.join(deployDir, 'storefront', version);
  await mkdir(dir, { recursive: true });
  const manifest = { id: 'storefront', name: 'storefront', metaData: { name: 'storefront', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: version, buildName: 'mf-storefront' } } };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), entrySource);
  return { version, manifestUrl: `${originUrl}/storefront/${version}/mf-manifest.json`, integrity: sriHash(Buffer.from(entrySource)) };
}

/**
 * Writes a build of `remote` at `version` under the origin whose manifest announces its Node
 * container `server/remoteEntry.js` with `serverSource`, or no server build when null;
 * returns its release body with the SRI hashes of both entries.
 */
async function twinBuild(remote: 'checkout', version: string, serverSource: string | null = `/* ${remote} ${version} node */`) {
  const dir = path.join(deployDir, remote, version);
  await mkdir(path.join(dir, 'server'), { recursive: true });
  const entrySource = `/* ${remote} ${version} */`;
  const ssr = serverSource === null ? {} : { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' } };
  const manifest = { id: remote, name: remote, metaData: { name: remote, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: version }, ...ssr } };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), entrySource);
  if (serverSource !== null) await writeFile(path.join(dir, 'server', 'remoteEntry.js'), serverSource);
  return {
    version,
    manifestUrl: `${originUrl}/${remote}/${version}/mf-manifest.json`,
    integrity: sriHash(Buffer.from(entrySource)),
    ...(serverSource === null ? {} : { serverIntegrity: sriHash(Buffer.from(serverSource)) }),
  };
}

/** The style sheets of {@link styledBuild}: where its manifest lists each, and its text. */
const SHEETS = {
  app: ['__federation_expose_App.d11e1dcc.css', '.app{color:#111}'],
  page: ['page-about.d98de10f.css', '.about{margin:0}'],
  shared: ['static/css/shared-form-controls.65ad4f94.css', '.field{border:1px solid}'],
  main: ['main.8288779b.css', 'body{margin:0}'],
} as const;

/**
 * Writes a devtools build of `version` under the origin whose manifest lists style sheets as the
 * federation manifest does (an expose's sync and async CSS, a shared module's, and
 * `metaData.chunkStyles`, one sheet listed twice); returns its release body with the SRI hash of
 * its entry and of each sheet (`styleIntegrity`, by the name the manifest gives).
 */
async function styledBuild(version: string) {
  const dir = path.join(deployDir, 'devtools', version);
  await mkdir(path.join(dir, 'static', 'css'), { recursive: true });
  const entrySource = `/* devtools ${version} */`;
  const manifest = {
    id: 'devtools',
    name: 'devtools',
    metaData: {
      name: 'devtools',
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      buildInfo: { buildVersion: version },
      chunkStyles: { main: [SHEETS.main[0]], 'page-about': [SHEETS.page[0], SHEETS.shared[0]] },
    },
    shared: [{ name: 'react', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }, { name: '@prata/shared-ui', assets: { css: { sync: [SHEETS.shared[0]], async: [] } } }],
    exposes: [{ path: './App', assets: { js: { sync: ['app.js'] }, css: { sync: [SHEETS.app[0]], async: [SHEETS.page[0], SHEETS.shared[0]] } } }],
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), entrySource);
  for (const [name, text] of Object.values(SHEETS)) await writeFile(path.join(dir, name), text);
  return {
    version,
    manifestUrl: `${originUrl}/devtools/${version}/mf-manifest.json`,
    integrity: sriHash(Buffer.from(entrySource)),
    styleIntegrity: Object.fromEntries(Object.values(SHEETS).map(([name, text]) => [name, sriHash(Buffer.from(text))])) as Record<string, string>,
  };
}

async function registry(): Promise<RemoteRegistry> {
  const response = await service.app.inject({ method: 'GET', url: '/api/remotes' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return remoteRegistrySchema.parse(response.json());
}
const storefront = async () => (await registry()).find((entry) => entry.name === 'storefront')!;

const post = (url: string, who: SignedIn | null, payload: unknown) =>
  service.app.inject({ method: 'POST', url, headers: who ? bearer(who) : {}, payload: payload as object });

beforeAll(async () => {
  deployDir = await mkdtemp(path.join(os.tmpdir(), 'prata-deploy-'));
  origin = Fastify();
  await origin.register(fastifyStatic, { root: deployDir });
  originUrl = await origin.listen({ port: 0, host: '127.0.0.1' });
  service = await createTestService({ REMOTE_STOREFRONT_URL: 'http://127.0.0.1:4101', RELEASE_ORIGINS: `${originUrl} http://127.0.0.1:4101`, CLIENT_ID_SECRET }, clock);
  developer = await account(service, ['developer'], 'dev');
  admin = await account(service, ['admin'], 'admin');
  customer = await account(service);
});
afterAll(async () => {
  await service?.close();
  await origin?.close();
  await rm(deployDir, { recursive: true, force: true });
});

describe('remote releases', () => {
  it('only developers reach the release routes', async () => {
    const url = '/api/developer/remotes/storefront/releases';
    expect((await service.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const who of [customer, admin]) {
      const response = await service.app.inject({ method: 'GET', url, headers: bearer(who) });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Acesso negado');
    }
    expect((await post('/api/developer/remotes/storefront/rollback', admin, {})).statusCode).toBe(403);
    const list = await service.app.inject({ method: 'GET', url, headers: bearer(developer) });
    expect(list.statusCode).toBe(200);
    expect(remoteReleaseListSchema.parse(list.json())).toMatchObject({ remote: 'storefront', active: null, releases: [], history: [] });
  });

  it('answers bad input with pt-BR 400s', async () => {
    const badVersion = await post('/api/developer/remotes/storefront/releases', developer, { version: '../x', manifestUrl: 'http://127.0.0.1/m.json', integrity: sriHash(Buffer.from('x')) });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().issues).toEqual([expect.objectContaining({ path: 'body.version', message: expect.stringMatching(/^Versão inválida/) })]);
    const badHash = await post('/api/developer/remotes/storefront/releases', developer, { version: '1.0.0-a', manifestUrl: 'http://127.0.0.1/m.json', integrity: 'md5-abc' });
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().issues).toEqual([expect.objectContaining({ path: 'body.integrity', message: 'Hash de integridade inválido: esperado sha384-<base64>' })]);
    const unknown = await service.app.inject({ method: 'GET', url: '/api/developer/remotes/payments/releases', headers: bearer(developer) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([expect.objectContaining({ path: 'params.remote', message: 'Remote desconhecido' })]);
    expect((await service.app.inject({ method: 'GET', url: '/api/remotes?client=%3Cx%3E' })).statusCode).toBe(400);
  });

  it('serves the bootstrap entry until a release is active, then the release; audited', async () => {
    expect(await storefront()).toMatchObject({ manifestUrl: 'http://127.0.0.1:4101/mf-manifest.json', version: '0.1.0' });
    const v1 = await build('0.1.0-aaaaaaaa');
    const published = await post('/api/developer/remotes/storefront/releases', developer, { ...v1, notes: 'primeira versão' });
    expect(published.statusCode, published.body).toBe(201);
    const list = remoteReleaseListSchema.parse(published.json());
    expect(list.active).toBe(v1.version);
    expect(list.current).toMatchObject({ name: 'storefront', version: v1.version, manifestUrl: v1.manifestUrl });
    expect(list.releases).toEqual([expect.objectContaining({ version: v1.version, integrity: v1.integrity, publishedBy: developer.email, notes: 'primeira versão', active: true })]);
    expect(list.history).toEqual([expect.objectContaining({ version: v1.version, action: 'publish', activatedBy: developer.email })]);
    expect(await storefront()).toMatchObject({ manifestUrl: v1.manifestUrl, version: v1.version });
    // The other remotes keep their bootstrap entries.
    expect((await registry()).find((entry) => entry.name === 'checkout')!.manifestUrl).toBe('http://127.0.0.1:3002/mf-manifest.json');
    const logs = await sql<{ action: string; user_id: string; details: Record<string, unknown> }>(
      service,
      `select action, user_id, details from admin_logs where action like 'remote_release_%' order by created_at, action desc`,
    );
    expect(logs).toEqual([
      { action: 'remote_release_published', user_id: developer.userId, details: { remote: 'storefront', version: v1.version, by: developer.email, activate: true } },
      { action: 'remote_release_activated', user_id: developer.userId, details: { remote: 'storefront', version: v1.version, by: developer.email } },
    ]);
  });

  it('refuses to activate a release whose manifest is unreachable or whose entry does not match its hash, with one generic answer', async () => {
    const generic = (version: string) => `Não foi possível verificar a versão ${version} de storefront (manifest, arquivo de entrada ou hash de integridade); a versão não foi ativada.`;
    const missing = { version: '0.1.0-bbbbbbbb', manifestUrl: `${originUrl}/storefront/nao-existe/mf-manifest.json`, integrity: sriHash(Buffer.from('x')) };
    const unreachable = await post('/api/developer/remotes/storefront/releases', developer, missing);
    expect(unreachable.statusCode).toBe(409);
    expect(unreachable.json().message).toBe(generic('0.1.0-bbbbbbbb'));

    const tampered = await build('0.1.0-cccccccc');
    await writeFile(path.join(deployDir, 'storefront', tampered.version, 'remoteEntry.js'), '/* changed after publish */');
    const mismatch = await post('/api/developer/remotes/storefront/releases', developer, tampered);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toBe(generic('0.1.0-cccccccc'));

    const other = await build('0.1.0-dddddddd');
    const wrongVersion = await post('/api/developer/remotes/storefront/releases', developer, { ...other, version: '0.1.0-eeeeeeee' });
    expect(wrongVersion.statusCode).toBe(409);
    expect(wrongVersion.json().message).toBe(generic('0.1.0-eeeeeeee'));

    // Nothing was recorded; the active release is unchanged.
    const list = remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json());
    expect(list.releases.map((release) => release.version)).toEqual(['0.1.0-aaaaaaaa']);
    expect((await storefront()).version).toBe('0.1.0-aaaaaaaa');
  });

  it("cannot probe internal hosts: origins off RELEASE_ORIGINS, redirects and 'activate: false' all get the same refusal", async () => {
    const integrity = `sha384-${'A'.repeat(64)}`;
    const answers: string[] = [];
    for (const [version, manifestUrl] of [
      ['0.0.0-p1', 'http://127.0.0.1:5432/'],
      ['0.0.0-p2', 'http://127.0.0.1:1/'],
      ['0.0.0-p3', 'http://169.254.169.254/latest/meta-data/'],
      ['0.0.0-p4', `${originUrl}/storefront/nao-existe/mf-manifest.json`],
    ] as const) {
      for (const activate of [true, false]) {
        const response = await post('/api/developer/remotes/storefront/releases', developer, { version, manifestUrl, integrity, activate });
        expect(response.statusCode, manifestUrl).toBe(409);
        answers.push(response.json().message.replace(version, 'V'));
      }
    }
    expect(new Set(answers).size).toBe(1);
    // A redirect from an allowed origin to anywhere is not followed.
    const redirecting = Fastify();
    redirecting.get('/mf-manifest.json', async (_request, reply) => reply.redirect(`${originUrl}/storefront/0.1.0-aaaaaaaa/mf-manifest.json`));
    const redirectUrl = await redirecting.listen({ port: 0, host: '127.0.0.1' });
    try {
      const allowedButRedirecting = await createTestService({ RELEASE_ORIGINS: `${redirectUrl} ${originUrl}` }, clock);
      try {
        const dev = await account(allowedButRedirecting, ['developer'], 'dev');
        const a = await build('0.1.0-a1a1a1a1');
        const redirected = await allowedButRedirecting.app.inject({ method: 'POST', url: '/api/developer/remotes/storefront/releases', headers: bearer(dev), payload: { ...a, manifestUrl: `${redirectUrl}/mf-manifest.json` } });
        expect(redirected.statusCode).toBe(409);
      } finally {
        await allowedButRedirecting.close();
      }
    } finally {
      await redirecting.close();
    }
    const list = remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json());
    expect(list.releases.map((release) => release.version)).not.toContain('0.0.0-p1');
  });

  it('publishes without activating, activates later, and refuses an existing version with other content', async () => {
    const v2 = await build('0.1.0-ffffffff');
    const staged = await post('/api/developer/remotes/storefront/releases', developer, { ...v2, activate: false });
    expect(staged.statusCode).toBe(201);
    expect(remoteReleaseListSchema.parse(staged.json())).toMatchObject({ active: '0.1.0-aaaaaaaa' });
    expect((await storefront()).version).toBe('0.1.0-aaaaaaaa');

    const again = await post('/api/developer/remotes/storefront/releases', developer, { ...v2, activate: false });
    expect(again.statusCode).toBe(201);
    const conflict = await post('/api/developer/remotes/storefront/releases', developer, { ...v2, integrity: sriHash(Buffer.from('outro')) });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('A versão 0.1.0-ffffffff de storefront já foi publicada com outro conteúdo.');

    const unknown = await post('/api/developer/remotes/storefront/activate', developer, { version: '9.9.9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Versão 9.9.9 de storefront não encontrada.');

    const activated = await post('/api/developer/remotes/storefront/activate', developer, { version: v2.version });
    expect(activated.statusCode).toBe(200);
    expect(await storefront()).toMatchObject({ version: v2.version, manifestUrl: v2.manifestUrl });
  });

  it('rolls back to the release published before the active one, then to the bootstrap entry', async () => {
    const first = await post('/api/developer/remotes/storefront/rollback', developer, {});
    expect(first.statusCode).toBe(200);
    expect(remoteReleaseListSchema.parse(first.json()).active).toBe('0.1.0-aaaaaaaa');
    expect((await storefront()).version).toBe('0.1.0-aaaaaaaa');

    const second = await post('/api/developer/remotes/storefront/rollback', developer, {});
    expect(second.statusCode).toBe(200);
    const list = remoteReleaseListSchema.parse(second.json());
    expect(list.active).toBeNull();
    expect(list.history.map((row) => [row.version, row.action])).toEqual([
      [null, 'rollback'],
      ['0.1.0-aaaaaaaa', 'rollback'],
      ['0.1.0-ffffffff', 'activate'],
      ['0.1.0-aaaaaaaa', 'publish'],
    ]);
    expect(await storefront()).toMatchObject({ manifestUrl: 'http://127.0.0.1:4101/mf-manifest.json', version: '0.1.0' });

    const none = await post('/api/developer/remotes/storefront/rollback', developer, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('storefront já está na versão de base do registro; não há versão anterior.');

    const chosen = await post('/api/developer/remotes/storefront/rollback', developer, { version: '0.1.0-ffffffff' });
    expect(chosen.statusCode).toBe(200);
    expect((await storefront()).version).toBe('0.1.0-ffffffff');
    const events = await sql<{ payload: { version: string | null } }>(service, `select payload from domain_events where type = 'RemoteReleaseActivated' order by created_at`);
    expect(events.map((row) => row.payload.version)).toEqual(['0.1.0-aaaaaaaa', '0.1.0-ffffffff', '0.1.0-aaaaaaaa', null, '0.1.0-ffffffff']);
  });

  it('tells open tabs (anonymous sockets on the releases channel) when a version goes live', async () => {
    const apiOrigin = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(apiOrigin);
    try {
      await socket.subscribe(['releases']);
      expect(socket.messages).toContainEqual({ type: 'subscribed', channels: ['releases'] });
      expect((await post('/api/developer/remotes/storefront/activate', developer, { version: '0.1.0-aaaaaaaa' })).statusCode).toBe(200);
      await socket.waitFor(() => socket.events().some((event) => event.payload.version === '0.1.0-aaaaaaaa'));
      expect(socket.events().at(-1)).toMatchObject({
        channel: 'releases',
        event: 'RemoteReleaseActivated',
        payload: { remote: 'storefront', version: '0.1.0-aaaaaaaa', manifestUrl: `${originUrl}/storefront/0.1.0-aaaaaaaa/mf-manifest.json` },
      });
    } finally {
      await socket.close();
    }
  });

  it('runs a canary: a share of clients, sticky per client id, ended by rollback, promoted by activation', async () => {
    const canaryUrl = '/api/developer/remotes/storefront/canary';
    const badPercent = await post(canaryUrl, developer, { version: '0.1.0-ffffffff', percent: 100 });
    expect(badPercent.statusCode).toBe(400);
    expect(badPercent.json().issues).toEqual([expect.objectContaining({ path: 'body.percent', message: 'Porcentagem entre 1 e 99' })]);
    const ofActive = await post(canaryUrl, developer, { version: '0.1.0-aaaaaaaa', percent: 10 });
    expect(ofActive.statusCode).toBe(409);
    expect(ofActive.json().message).toBe('A versão 0.1.0-aaaaaaaa de storefront já está ativa para todos.');

    const started = await post(canaryUrl, developer, { version: '0.1.0-ffffffff', percent: 30 });
    expect(started.statusCode, started.body).toBe(200);
    expect(remoteReleaseListSchema.parse(started.json())).toMatchObject({ active: '0.1.0-aaaaaaaa', canary: { version: '0.1.0-ffffffff', percent: 30, startedBy: developer.email } });

    // Bucket of a client, computed here independently: SHA-256("storefront:<id>"), first 4 bytes, mod 100.
    const bucket = (id: string) => createHash('sha256').update(`storefront:${id}`).digest().readUInt32BE(0) % 100;
    const clients = Array.from({ length: 40 }, (_, i) => `cliente-${String(i).padStart(4, '0')}`);
    const served = async (client?: string) => {
      const response = await service.app.inject({ method: 'GET', url: client ? `/api/remotes?client=${client}` : '/api/remotes' });
      expect(response.headers['cache-control']).toBe('no-store');
      return remoteRegistrySchema.parse(response.json()).find((entry) => entry.name === 'storefront')!.version;
    };
    for (const client of clients) {
      const expected = bucket(client) < 30 ? '0.1.0-ffffffff' : '0.1.0-aaaaaaaa';
      expect(await served(client)).toBe(expected);
      expect(await served(client)).toBe(expected);
    }
    expect(clients.some((client) => bucket(client) < 30) && clients.some((client) => bucket(client) >= 30)).toBe(true);
    expect(await served()).toBe('0.1.0-aaaaaaaa');

    const ended = await post('/api/developer/remotes/storefront/rollback', developer, {});
    expect(remoteReleaseListSchema.parse(ended.json())).toMatchObject({ active: '0.1.0-aaaaaaaa', canary: null });
    const inside = clients.find((client) => bucket(client) < 30)!;
    expect(await served(inside)).toBe('0.1.0-aaaaaaaa');

    expect((await post(canaryUrl, developer, { version: '0.1.0-ffffffff', percent: 30 })).statusCode).toBe(200);
    const promoted = await post('/api/developer/remotes/storefront/activate', developer, { version: '0.1.0-ffffffff' });
    expect(remoteReleaseListSchema.parse(promoted.json())).toMatchObject({ active: '0.1.0-ffffffff', canary: null });
    expect(await served(clients.find((client) => bucket(client) >= 30)!)).toBe('0.1.0-ffffffff');
    const noCanary = await service.app.inject({ method: 'DELETE', url: canaryUrl, headers: bearer(developer) });
    expect(noCanary.statusCode).toBe(409);
    expect(noCanary.json().message).toBe('Nenhum canário de storefront em andamento.');

    const logs = await sql<{ action: string }>(service, `select action from admin_logs where action like 'remote_canary_%' order by created_at`);
    expect(logs.map((row) => row.action)).toEqual(['remote_canary_started', 'remote_canary_ended', 'remote_canary_started']);
    // Each start and end is an event on the developers' `releases` channel (the promotion is an activation).
    const canaryEvents = await sql<{ payload: unknown }>(service, `select payload from domain_events where type = 'RemoteCanaryChanged' order by created_at, id`);
    expect(canaryEvents.map((row) => row.payload)).toEqual([
      { remote: 'storefront', version: '0.1.0-ffffffff', percent: 30 },
      { remote: 'storefront', version: null, percent: null },
      { remote: 'storefront', version: '0.1.0-ffffffff', percent: 30 },
    ]);
  });

  it('shows a staff preview of one published version to admins and developers only', async () => {
    const storefrontFor = async (query: string, who?: SignedIn) => {
      const response = await service.app.inject({ method: 'GET', url: `/api/remotes?${query}`, headers: who ? bearer(who) : {} });
      expect(response.statusCode).toBe(200);
      return remoteRegistrySchema.parse(response.json()).find((entry) => entry.name === 'storefront')!;
    };
    const active = (await storefront()).version;
    expect(active).toBe('0.1.0-ffffffff');
    const preview = 'preview=storefront@0.1.0-aaaaaaaa';
    expect((await storefrontFor(preview, developer)).manifestUrl).toBe(`${originUrl}/storefront/0.1.0-aaaaaaaa/mf-manifest.json`);
    expect((await storefrontFor(preview, admin)).version).toBe('0.1.0-aaaaaaaa');
    expect((await storefrontFor(preview, customer)).version).toBe(active);
    expect((await storefrontFor(preview)).version).toBe(active);
    expect((await storefrontFor('preview=storefront@9.9.9', developer)).version).toBe(active);
    expect((await service.app.inject({ method: 'GET', url: '/api/remotes?preview=storefront' })).statusCode).toBe(400);
    // Everybody else still gets the active version.
    expect((await storefront()).version).toBe(active);
  });

  it("cannot be rolled back or shielded by anonymous traffic: only clients the registry counted get a token, and the guard counts erroring clients, not reports", async () => {
    const stable = (await storefront()).version;
    const canaryVersion = '0.1.0-34343434';
    expect((await post('/api/developer/remotes/storefront/releases', developer, { ...(await build(canaryVersion)), activate: false })).statusCode).toBe(201);
    expect((await post('/api/developer/remotes/storefront/canary', developer, { version: canaryVersion, percent: 50 })).statusCode).toBe(200);
    const canaryRunning = async () => remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json()).canary;
    const tick = async () => {
      clock.advance(60_000);
      await service.app.jobs.tick();
    };
    const bucket = (id: string) => createHash('sha256').update(`storefront:${id}`).digest().readUInt32BE(0) % 100;
    /** The storefront entry the registry serves `client` asking from `address`. */
    const served = async (client: string, address: string) =>
      remoteRegistrySchema.parse((await service.app.inject({ method: 'GET', url: `/api/remotes?client=${client}`, remoteAddress: address })).json()).find((candidate) => candidate.name === 'storefront')!;
    const report = (token: string | undefined, message: string, address: string, version = canaryVersion) =>
      service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: address, payload: { errorType: 'uncaught_error', errorMessage: message, remote: 'storefront', version, ...(token ? { reportToken: token } : {}) } });

    // Shielding: one address makes up 40 client ids; only 5 are counted, and only those get a token.
    const probes = Array.from({ length: 40 }, (_, i) => `sonda-${String(i).padStart(4, '0')}`);
    const probed = [];
    for (const probe of probes) probed.push(await served(probe, '203.0.113.66'));
    const [recorded] = await sql<{ n: number }>(service, `select count(*)::int as n from remote_canary_clients where address = '203.0.113.66'`);
    expect(recorded!.n).toBe(5);
    expect(probed.filter((entry) => entry.reportToken).length).toBe(5);
    expect(probed.slice(5).every((entry) => entry.reportToken === undefined)).toBe(true);

    // One IPv6 /64 (review #14) is one address: 40 ids from 40 of its addresses, 5 counted.
    for (const [i, probe] of probes.entries()) await served(`v6-${probe}`, `2001:db8:66:1::${(i + 1).toString(16)}`);
    const [fromV6] = await sql<{ n: number }>(service, `select count(*)::int as n from remote_canary_clients where address = '2001:db8:66:1::/64'`);
    expect(fromV6!.n).toBe(5);

    // The review's forgery: many reports naming the canary version, without a token.
    for (let i = 0; i < 20; i += 1) expect((await report(undefined, `forjado ${'abcdefghijklmnopqrst'[i]}`, `192.0.2.${i + 1}`)).statusCode).toBe(202);
    await tick();
    expect(await canaryRunning()).toMatchObject({ version: canaryVersion });

    // A browser served the canary gets a token; it does not carry over to another version.
    const insiders = Array.from({ length: 400 }, (_, i) => `cliente-real-${i}`).filter((id) => bucket(id) < 50).slice(0, CANARY_MIN_ERRORED_CLIENTS);
    const first = await served(insiders[0]!, '198.18.0.1');
    expect(first.version).toBe(canaryVersion);
    expect(first.reportToken).toMatch(/^\d{13}\.[\w-]+\.[\w-]+$/);
    expect((await report(first.reportToken, 'outra versão', '198.18.0.1', stable)).statusCode).toBe(202);
    expect((await sql<{ verified: boolean }>(service, `select verified from system_errors where error_message = 'outra versão'`))[0]!.verified).toBe(false);
    // That one client repeating a verified report 20 times (the review's 5 token-carrying reports, and more) is one erroring client: the canary stays.
    for (let i = 0; i < 20; i += 1) expect((await report(first.reportToken, `real ${'abcdefghijklmnopqrst'[i]}`, `198.18.1.${i + 1}`)).statusCode).toBe(202);
    await tick();
    expect(await canaryRunning()).toMatchObject({ version: canaryVersion });
    const [erring] = await sql<{ n: number }>(service, `select count(*)::int as n from remote_canary_clients where errored_at is not null`);
    expect(erring!.n).toBe(1);

    // Real clients, each on its own address, each reporting once: CANARY_MIN_ERRORED_CLIENTS of them roll it back.
    for (const [i, client] of insiders.slice(1).entries()) {
      const entry = await served(client, `198.18.2.${i + 1}`);
      expect(entry.version).toBe(canaryVersion);
      expect((await report(entry.reportToken, `falha do cliente ${i}`, `198.18.2.${i + 1}`)).statusCode).toBe(202);
    }
    await tick();
    expect(await canaryRunning()).toBeNull();
    // Back to the state the next test expects: no canary, the stable version active.
    await sql(service, `delete from system_errors`);
    expect((await storefront()).version).toBe(stable);
  });

  it("counts the shoppers of server-rendered pages, who all reach the registry from the host's one address, by the address the host signed into their client id; a real regression among them is rolled back at the next guard run", async () => {
    const stable = (await storefront()).version;
    const canaryVersion = '0.1.0-56565656';
    expect((await post('/api/developer/remotes/storefront/releases', developer, { ...(await build(canaryVersion)), activate: false })).statusCode).toBe(201);
    expect((await post('/api/developer/remotes/storefront/canary', developer, { version: canaryVersion, percent: 50 })).statusCode).toBe(200);
    const canaryRunning = async () => remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json()).canary;
    const bucket = (id: string) => createHash('sha256').update(`storefront:${id}`).digest().readUInt32BE(0) % 100;
    const HOST_ADDRESS = '10.20.0.5';
    /** The storefront entry the registry serves `client`, asked by the shell's host. */
    const servedViaHost = async (client: string) =>
      remoteRegistrySchema.parse((await service.app.inject({ method: 'GET', url: `/api/remotes?client=${client}`, remoteAddress: HOST_ADDRESS })).json()).find((candidate) => candidate.name === 'storefront')!;
    const countedUnder = async (address: string) => (await sql<{ n: number }>(service, `select count(*)::int as n from remote_canary_clients where address = ?`, [address]))[0]!.n;
    const host = new ClientIdSigner(CLIENT_ID_SECRET);

    // 40 shoppers on 40 addresses, every registry call from the host's address: all 40 counted, each with a token.
    const shoppers = await Promise.all(Array.from({ length: 40 }, (_, i) => host.issue(`198.19.${Math.floor(i / 200)}.${(i % 200) + 1}`)));
    const entries = new Map<string, Awaited<ReturnType<typeof servedViaHost>>>();
    for (const shopper of shoppers) entries.set(shopper, await servedViaHost(shopper));
    expect([...entries.values()].every((entry) => entry.reportToken !== undefined)).toBe(true);
    expect(await countedUnder(HOST_ADDRESS)).toBe(0);
    const [recorded] = await sql<{ n: number }>(service, `select count(*)::int as n from remote_canary_clients where address like 'host:%'`);
    expect(recorded!.n).toBe(40);

    // One address fetching 40 documents without a cookie gets 40 signed ids from the host: 5 counted.
    const oneAddress = await Promise.all(Array.from({ length: 40 }, () => host.issue('203.0.113.99')));
    const oneAddressEntries = [];
    for (const id of oneAddress) oneAddressEntries.push(await servedViaHost(id));
    expect(oneAddressEntries.filter((entry) => entry.reportToken).length).toBe(5);
    // Ids signed with another key, or re-tagged, are the asking address's own: capped there, as made-up ids are.
    const forger = new ClientIdSigner(`${CLIENT_ID_SECRET}-forjado`);
    const forged = await Promise.all(Array.from({ length: 8 }, (_, i) => forger.issue(`192.0.2.${i + 1}`)));
    const [id, , mac] = shoppers[0]!.split('.') as [string, string, string];
    const retagged = `${id}.${(await host.issue('192.0.2.200')).split('.')[1]}.${mac}`;
    for (const value of [...forged, retagged]) await servedViaHost(value);
    expect(await countedUnder(HOST_ADDRESS)).toBe(5);

    // A real regression: the canary's shoppers report errors with their tokens; the stable ones do not.
    const canaryShoppers = shoppers.filter((shopper) => bucket(shopper) < 50);
    expect(canaryShoppers.length).toBeGreaterThanOrEqual(CANARY_MIN_ERRORED_CLIENTS);
    for (const [i, shopper] of canaryShoppers.slice(0, CANARY_MIN_ERRORED_CLIENTS).entries()) {
      const entry = entries.get(shopper)!;
      expect(entry.version).toBe(canaryVersion);
      const answer = await service.app.inject({
        method: 'POST',
        url: '/api/errors',
        remoteAddress: `198.19.9.${i + 1}`,
        payload: { errorType: 'TypeError', errorMessage: 'catálogo quebrado', remote: 'storefront', version: canaryVersion, reportToken: entry.reportToken },
      });
      expect(answer.statusCode).toBe(202);
    }
    expect(await canaryRunning()).toMatchObject({ version: canaryVersion });
    clock.advance(CANARY_CHECK_INTERVAL_MS);
    await service.app.jobs.tick();
    expect(await canaryRunning()).toBeNull();
    await sql(service, `delete from system_errors`);
    expect((await storefront()).version).toBe(stable);
  });

  it('decides on the share of erroring clients: at least CANARY_MIN_ERRORED_CLIENTS, and more than CANARY_ERROR_RATIO x the stable share', () => {
    const figures = (erroredClients: number, clients: number) => ({ version: 'v', erroredClients, clients, rate: erroredClients / clients });
    expect(canaryFails(figures(5, 10), figures(2, 10))).toBe(true);
    expect(canaryFails(figures(5, 10), figures(3, 10))).toBe(false); // 0.5 is not more than 2 x 0.3
    expect(canaryFails(figures(4, 4), figures(0, 10))).toBe(false); // too few clients erred to prove anything
  });

  it('rolls a canary back by itself when its share of erroring clients passes the threshold, recording why', async () => {
    const stable = (await storefront()).version;
    expect(stable).toBe('0.1.0-ffffffff');
    const canaryVersion = '0.1.0-12121212';
    expect((await post('/api/developer/remotes/storefront/releases', developer, { ...(await build(canaryVersion)), activate: false })).statusCode).toBe(201);
    expect((await post('/api/developer/remotes/storefront/canary', developer, { version: canaryVersion, percent: 50 })).statusCode).toBe(200);

    // 20 clients load the store twice each; which version each gets is computed here independently.
    const bucket = (id: string) => createHash('sha256').update(`storefront:${id}`).digest().readUInt32BE(0) % 100;
    const clients = Array.from({ length: 20 }, (_, i) => `visitante-${String(i).padStart(4, '0')}`);
    const address = (client: string) => `198.51.100.${clients.indexOf(client) + 1}`;
    const tokens = new Map<string, string>();
    // From 20 addresses (at most CANARY_CLIENTS_PER_ADDRESS client ids count per address).
    for (const client of [...clients, ...clients]) {
      const answer = await service.app.inject({ method: 'GET', url: `/api/remotes?client=${client}`, remoteAddress: address(client) });
      expect(answer.statusCode).toBe(200);
      tokens.set(client, remoteRegistrySchema.parse(answer.json()).find((entry) => entry.name === 'storefront')!.reportToken!);
    }
    const canaryClients = clients.filter((client) => bucket(client) < 50);
    const stableClients = clients.filter((client) => bucket(client) >= 50);
    expect(canaryClients.length).toBeGreaterThanOrEqual(CANARY_MIN_ERRORED_CLIENTS);
    expect(stableClients.length).toBeGreaterThan(0);
    const recorded = await sql<{ version: string; clients: number }>(service, `select version, count(*)::int as clients from remote_canary_clients where remote = 'storefront' group by version order by version`);
    expect(recorded).toEqual([
      { version: canaryVersion, clients: canaryClients.length },
      { version: stable, clients: stableClients.length },
    ].sort((a, b) => a.version.localeCompare(b.version)));

    /** `client` reports one error of the version it was served, with its registry token, twice (a repeat counts once). */
    const fails = async (client: string) => {
      const version = bucket(client) < 50 ? canaryVersion : stable;
      for (const attempt of [1, 2]) {
        const answer = await service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: address(client), payload: { errorType: 'TypeError', errorMessage: `falhou ${client} ${attempt}`, remote: 'storefront', version, reportToken: tokens.get(client) } });
        expect(answer.statusCode).toBe(202);
      }
    };
    const canaryRunning = async () => remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json()).canary;
    const tick = async () => {
      clock.advance(60_000);
      await service.app.jobs.tick();
    };

    // Under the threshold: one client fewer than CANARY_MIN_ERRORED_CLIENTS erred on the canary (none on the stable version).
    for (const client of canaryClients.slice(0, CANARY_MIN_ERRORED_CLIENTS - 1)) await fails(client);
    await tick();
    expect(await canaryRunning()).toMatchObject({ version: canaryVersion });

    // Past it: one more canary client and one stable client erred; the shares are computed here independently.
    await fails(canaryClients[CANARY_MIN_ERRORED_CLIENTS - 1]!);
    await fails(stableClients[0]!);
    const canaryRate = CANARY_MIN_ERRORED_CLIENTS / canaryClients.length;
    const stableRate = 1 / stableClients.length;
    expect(canaryRate).toBeGreaterThan(CANARY_ERROR_RATIO * stableRate);
    await tick();
    expect(await canaryRunning()).toBeNull();
    const inside = canaryClients[0]!;
    const servedAfter = await service.app.inject({ method: 'GET', url: `/api/remotes?client=${inside}` });
    expect(remoteRegistrySchema.parse(servedAfter.json()).find((entry) => entry.name === 'storefront')!.version).toBe(stable);

    const [log] = await sql<{ user_id: string | null; details: Record<string, unknown> }>(service, `select user_id, details from admin_logs where action = 'remote_canary_rolled_back' and details->>'version' = ?`, [canaryVersion]);
    expect(log).toEqual({
      user_id: null,
      details: {
        remote: 'storefront',
        version: canaryVersion,
        by: 'auto:canary-guard',
        ratio: CANARY_ERROR_RATIO,
        minErroredClients: CANARY_MIN_ERRORED_CLIENTS,
        canary: { version: canaryVersion, erroredClients: CANARY_MIN_ERRORED_CLIENTS, clients: canaryClients.length, rate: canaryRate },
        stable: { version: stable, erroredClients: 1, clients: stableClients.length, rate: stableRate },
        reason: expect.stringMatching(new RegExp(`^Canário revertido automaticamente: ${CANARY_MIN_ERRORED_CLIENTS} de ${canaryClients.length} clientes com erro`)),
      },
    });
    const [event] = await sql<{ payload: unknown }>(service, `select payload from domain_events where type = 'RemoteReleaseActivated' order by created_at desc limit 1`);
    expect(event!.payload).toEqual({ remote: 'storefront', version: stable, manifestUrl: `${originUrl}/storefront/${stable}/mf-manifest.json` });
    expect(await sql(service, `select 1 from remote_canary_clients`)).toEqual([]);
  });

  it("rolls a canary back by itself when its real users' p75 LCP is more than 10 % worse, recording the figures and the time to rollback; forged beacons move nothing", async () => {
    const stable = (await storefront()).version;
    const canaryVersion = '0.1.0-5a5a5a5a';
    expect((await post('/api/developer/remotes/storefront/releases', developer, { ...(await build(canaryVersion)), activate: false })).statusCode).toBe(201);
    expect((await post('/api/developer/remotes/storefront/canary', developer, { version: canaryVersion, percent: 50 })).statusCode).toBe(200);
    const canaryRunning = async () => remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json()).canary;
    const bucket = (id: string) => createHash('sha256').update(`storefront:${id}`).digest().readUInt32BE(0) % 100;
    let addresses = 0;
    const beacon = (sessionId: string, version: string, lcp: number, reportToken?: string) =>
      service.app.inject({
        method: 'POST',
        url: '/api/vitals',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ sessionId, route: '/', remotes: [{ name: 'storefront', version, ...(reportToken ? { reportToken } : {}) }], metrics: [{ name: 'LCP', value: lcp }, { name: 'INP', value: 80 }] }),
        remoteAddress: `10.9.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`,
      });
    /** `count` browsers served `version` (each asks the registry from its own address and gets its token), one page load each with LCP `lcp` ms and INP 80 ms. */
    const loads = async (version: string, count: number, lcp: number, prefix: string) => {
      const ids = Array.from({ length: 20 * count + 40 }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`).filter((id) => (bucket(id) < 50) === (version === canaryVersion)).slice(0, count);
      for (const [i, id] of ids.entries()) {
        const answer = await service.app.inject({ method: 'GET', url: `/api/remotes?client=${id}`, remoteAddress: `10.8.${prefix.length}.${i + 1}` });
        const entry = remoteRegistrySchema.parse(answer.json()).find((candidate) => candidate.name === 'storefront')!;
        expect(entry.version).toBe(version);
        const sent = await beacon(`sessao-${id}`, version, lcp, entry.reportToken);
        expect(sent.statusCode, sent.body).toBe(204);
      }
    };
    const tick = async () => {
      clock.advance(CANARY_CHECK_INTERVAL_MS);
      await service.app.jobs.tick();
    };
    // The review's forgery: 40 beacons without a token, LCP 120 s for the canary: nothing counts.
    for (let i = 0; i < 40; i += 1) expect((await beacon(`forjado-${String(i).padStart(4, '0')}`, canaryVersion, 120_000)).statusCode).toBe(204);
    await loads(stable, 20, 2000, 'estavel');
    // 19 canary clients are too few to prove anything, however slow: 18 slow ones, and one more sending 20 beacons, still one client.
    await loads(canaryVersion, 18, 2600, 'canario');
    const oneClient = Array.from({ length: 100 }, (_, i) => `repetido-${i}`).find((id) => bucket(id) < 50)!;
    const itsEntry = remoteRegistrySchema.parse((await service.app.inject({ method: 'GET', url: `/api/remotes?client=${oneClient}`, remoteAddress: '10.7.0.1' })).json()).find((candidate) => candidate.name === 'storefront')!;
    for (let i = 0; i < 20; i += 1) expect((await beacon(`repetido-sessao-${String(i).padStart(4, '0')}`, canaryVersion, 2000, itsEntry.reportToken)).statusCode).toBe(204);
    await tick();
    expect(await canaryRunning()).toMatchObject({ version: canaryVersion });
    // One more client at 2200 ms: 20 clients (18 at 2600 ms, 2000 and 2200 ms): p75 2600 ms > 1.1 x 2000 ms.
    await loads(canaryVersion, 1, 2200, 'canario-b');
    await tick();
    expect(await canaryRunning()).toBeNull();
    const [log] = await sql<{ details: Record<string, unknown> }>(service, `select details from admin_logs where action = 'remote_canary_rolled_back' and details->>'version' = ?`, [canaryVersion]);
    expect(log!.details).toMatchObject({
      metric: 'LCP',
      ratio: CANARY_VITALS_RATIO,
      canary: { version: canaryVersion, clients: 20, lcpP75: 2600 },
      stable: { version: stable, clients: 20, lcpP75: 2000 },
      breachToRollbackMs: CANARY_CHECK_INTERVAL_MS,
      reason: expect.stringMatching(/^Canário revertido automaticamente: p75 de LCP 2600 ms em 20 clientes contra 2000 ms em 20 clientes/),
    });
    expect(log!.details.breachToRollbackMs as number).toBeLessThanOrEqual(60_000);
  });

  it("records a release's Node build hash and weight, serves the hash on the registry entry and checks the Node container before every activation", async () => {
    const releasesUrl = '/api/developer/remotes/checkout/releases';
    const weight = { jsGzip: 66_461, cssGzip: 4_909 };
    const withServer = await twinBuild('checkout', '0.2.0-11110000');
    const published = await post(releasesUrl, developer, { ...withServer, weight });
    expect(published.statusCode, published.body).toBe(201);
    expect(remoteReleaseListSchema.parse(published.json()).releases).toEqual([
      expect.objectContaining({ version: withServer.version, integrity: withServer.integrity, serverIntegrity: withServer.serverIntegrity, weight, active: true }),
    ]);
    const checkout = async (query = '', who?: SignedIn) =>
      remoteRegistrySchema.parse((await service.app.inject({ method: 'GET', url: `/api/remotes${query}`, headers: who ? bearer(who) : {} })).json()).find((entry) => entry.name === 'checkout')!;
    expect(await checkout()).toMatchObject({ version: withServer.version, serverIntegrity: withServer.serverIntegrity });
    // A release is never marked as the operator's bootstrap entry (the host runs unhashed Node builds only for that one).
    expect(await checkout()).not.toHaveProperty('bootstrap');

    // A build whose manifest announces a Node build, published without its hash: refused (the host would run it unchecked, review #4).
    const { serverIntegrity: _omitted, ...unhashed } = await twinBuild('checkout', '0.2.0-55550000');
    const withoutHash = await post(releasesUrl, developer, unhashed);
    expect(withoutHash.statusCode).toBe(409);
    expect(withoutHash.json().message).toBe(unverifiedMessage('checkout', '0.2.0-55550000'));

    // A Node container that is not the one recorded, that is missing, or that the manifest does not announce: never activated.
    const tampered = await twinBuild('checkout', '0.2.0-22220000');
    await writeFile(path.join(deployDir, 'checkout', tampered.version, 'server', 'remoteEntry.js'), '/* changed after publish */');
    const mismatch = await post(releasesUrl, developer, tampered);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toBe(unverifiedMessage('checkout', '0.2.0-22220000'));
    const missing = await twinBuild('checkout', '0.2.0-33330000');
    await rm(path.join(deployDir, 'checkout', missing.version, 'server', 'remoteEntry.js'));
    const unreachable = await post(releasesUrl, developer, missing);
    expect(unreachable.statusCode).toBe(409);
    expect(unreachable.json().message).toBe(unverifiedMessage('checkout', '0.2.0-33330000'));
    const unannounced = await twinBuild('checkout', '0.2.0-44440000', null);
    const notAnnounced = await post(releasesUrl, developer, { ...unannounced, serverIntegrity: withServer.serverIntegrity });
    expect(notAnnounced.statusCode).toBe(409);
    expect(notAnnounced.json().message).toBe(unverifiedMessage('checkout', '0.2.0-44440000'));
    expect((await checkout()).version).toBe(withServer.version);

    // The same version with another Node build is other content.
    const conflict = await post(releasesUrl, developer, { ...withServer, serverIntegrity: sriHash(Buffer.from('outro')) });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('A versão 0.2.0-11110000 de checkout já foi publicada com outro conteúdo.');

    // A remote without a server build (rendered in the browser) publishes and is served without a hash.
    const browserOnly = await post(releasesUrl, developer, unannounced);
    expect(browserOnly.statusCode, browserOnly.body).toBe(201);
    expect(remoteReleaseListSchema.parse(browserOnly.json()).releases[0]).toMatchObject({ version: unannounced.version, serverIntegrity: null, weight: null, active: true });
    const served = await checkout();
    expect(served.version).toBe(unannounced.version);
    expect(served).not.toHaveProperty('serverIntegrity');

    // The recorded hash reaches the canary's clients and a staff preview too, and is checked again when the version is activated later.
    expect((await post('/api/developer/remotes/checkout/canary', developer, { version: withServer.version, percent: 99 })).statusCode).toBe(200);
    const inside = Array.from({ length: 20 }, (_, i) => `checkout-${String(i).padStart(4, '0')}`).find((id) => createHash('sha256').update(`checkout:${id}`).digest().readUInt32BE(0) % 100 < 99)!;
    expect(await checkout(`?client=${inside}`)).toMatchObject({ version: withServer.version, serverIntegrity: withServer.serverIntegrity });
    expect((await service.app.inject({ method: 'DELETE', url: '/api/developer/remotes/checkout/canary', headers: bearer(developer) })).statusCode).toBe(200);
    expect(await checkout(`?preview=checkout@${withServer.version}`, developer)).toMatchObject({ version: withServer.version, serverIntegrity: withServer.serverIntegrity });
    await writeFile(path.join(deployDir, 'checkout', withServer.version, 'server', 'remoteEntry.js'), '/* replaced on the origin */');
    const reactivated = await post('/api/developer/remotes/checkout/activate', developer, { version: withServer.version });
    expect(reactivated.statusCode).toBe(409);
    expect(reactivated.json().message).toBe(unverifiedMessage('checkout', '0.2.0-11110000'));
    expect((await checkout()).version).toBe(unannounced.version);
  });

  it('gives a version recorded without its Node build hash and weight (before server builds) both when it is published again', async () => {
    const releasesUrl = '/api/developer/remotes/checkout/releases';
    const { serverIntegrity, ...older } = await twinBuild('checkout', '0.2.0-66660000');
    // Recorded before server builds (it can no longer be published without the hash).
    expect((await post(releasesUrl, developer, { ...older, activate: false })).statusCode).toBe(409);
    expect((await post(releasesUrl, developer, { ...older, serverIntegrity, activate: false })).statusCode).toBe(201);
    await sql(service, `update remote_releases set server_integrity = null, weight_js_gzip = null, weight_css_gzip = null where version = ?`, [older.version]);
    const again = await post(releasesUrl, developer, { ...older, serverIntegrity, weight: { jsGzip: 100, cssGzip: 20 }, activate: false });
    expect(again.statusCode, again.body).toBe(201);
    const release = () => remoteReleaseListSchema.parse(again.json()).releases.find((candidate) => candidate.version === older.version);
    expect(release()).toMatchObject({ serverIntegrity, weight: { jsGzip: 100, cssGzip: 20 } });
    const [row] = await sql<{ server_integrity: string; weight_js_gzip: number }>(service, `select server_integrity, weight_js_gzip from remote_releases where version = ?`, [older.version]);
    expect(row).toEqual({ server_integrity: serverIntegrity, weight_js_gzip: 100 });
  });

  it('answers a malformed Node build hash or weight with pt-BR 400s', async () => {
    const body = await twinBuild('checkout', '0.2.0-55550000');
    const badHash = await post('/api/developer/remotes/checkout/releases', developer, { ...body, serverIntegrity: 'md5-abc' });
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().issues).toEqual([expect.objectContaining({ path: 'body.serverIntegrity', message: 'Hash de integridade inválido: esperado sha384-<base64>' })]);
    const badWeight = await post('/api/developer/remotes/checkout/releases', developer, { ...body, weight: { jsGzip: -1, cssGzip: 10 } });
    expect(badWeight.statusCode).toBe(400);
    expect(badWeight.json().issues).toEqual([expect.objectContaining({ path: 'body.weight.jsGzip' })]);
  });

  it("records the hashes of a release's style sheets, lists them and serves them on the registry entry; publishing it again is idempotent, with another hash refused", async () => {
    const releasesUrl = '/api/developer/remotes/devtools/releases';
    const styled = await styledBuild('0.4.0-5e5e0001');
    expect(Object.keys(styled.styleIntegrity)).toHaveLength(4);
    const published = await post(releasesUrl, developer, styled);
    expect(published.statusCode, published.body).toBe(201);
    expect(remoteReleaseListSchema.parse(published.json()).releases).toEqual([expect.objectContaining({ version: styled.version, styleIntegrity: styled.styleIntegrity, active: true })]);
    const devtools = async (query = '') => remoteRegistrySchema.parse((await service.app.inject({ method: 'GET', url: `/api/remotes${query}` })).json()).find((entry) => entry.name === 'devtools')!;
    expect(await devtools()).toMatchObject({ version: styled.version, styleIntegrity: styled.styleIntegrity });
    expect(await devtools()).not.toHaveProperty('bootstrap');
    const [row] = await sql<{ style_integrity: unknown }>(service, `select style_integrity from remote_releases where remote = 'devtools' and version = ?`, [styled.version]);
    expect(row!.style_integrity).toEqual(styled.styleIntegrity);

    // The same version with the same hashes (in another order) is the same release; the history does not grow.
    const reordered = Object.fromEntries(Object.entries(styled.styleIntegrity).reverse());
    const again = await post(releasesUrl, developer, { ...styled, styleIntegrity: reordered });
    expect(again.statusCode, again.body).toBe(201);
    expect(remoteReleaseListSchema.parse(again.json()).history).toHaveLength(1);
    // With one sheet's hash changed, or one sheet fewer, it is other content.
    for (const other of [{ ...styled.styleIntegrity, [SHEETS.page[0]]: sriHash(Buffer.from('outro')) }, Object.fromEntries(Object.entries(styled.styleIntegrity).slice(1))]) {
      const conflict = await post(releasesUrl, developer, { ...styled, styleIntegrity: other });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().message).toBe('A versão 0.4.0-5e5e0001 de devtools já foi publicada com outro conteúdo.');
    }
    // The bootstrap entries carry none.
    expect((await registry()).find((entry) => entry.name === 'admin')).not.toHaveProperty('styleIntegrity');
  });

  it('refuses, with the one generic answer, a release whose style sheet changed on the origin, is missing, is listed without a hash or is hashed without being listed; checks them again before an activation', async () => {
    const releasesUrl = '/api/developer/remotes/devtools/releases';
    const refused = async (body: object, version: string) => {
      const response = await post(releasesUrl, developer, body);
      expect(response.statusCode, version).toBe(409);
      expect(response.json().message).toBe(unverifiedMessage('devtools', version));
    };
    const changed = await styledBuild('0.4.0-5e5e0002');
    await writeFile(path.join(deployDir, 'devtools', changed.version, SHEETS.shared[0]), '.field{border:0}');
    await refused(changed, changed.version);
    const missing = await styledBuild('0.4.0-5e5e0003');
    await rm(path.join(deployDir, 'devtools', missing.version, SHEETS.main[0]));
    await refused(missing, missing.version);
    const unhashed = await styledBuild('0.4.0-5e5e0004');
    const { [SHEETS.main[0]]: _main, ...withoutMain } = unhashed.styleIntegrity;
    await refused({ ...unhashed, styleIntegrity: withoutMain }, unhashed.version);
    const extra = await styledBuild('0.4.0-5e5e0005');
    await refused({ ...extra, styleIntegrity: { ...extra.styleIntegrity, 'page-other.0000.css': sriHash(Buffer.from('x')) } }, extra.version);
    // Nothing of them was recorded; the active version is unchanged.
    const list = remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: releasesUrl, headers: bearer(developer) })).json());
    expect(list.releases.map((release) => release.version)).toEqual(['0.4.0-5e5e0001']);

    // A recorded release whose sheet changed on the origin since is not activated again.
    const later = await styledBuild('0.4.0-5e5e0006');
    expect((await post(releasesUrl, developer, later)).statusCode).toBe(201);
    await writeFile(path.join(deployDir, 'devtools', '0.4.0-5e5e0001', SHEETS.app[0]), '.app{color:red}');
    const reactivated = await post('/api/developer/remotes/devtools/activate', developer, { version: '0.4.0-5e5e0001' });
    expect(reactivated.statusCode).toBe(409);
    expect(reactivated.json().message).toBe(unverifiedMessage('devtools', '0.4.0-5e5e0001'));
    expect((await registry()).find((entry) => entry.name === 'devtools')).toMatchObject({ version: later.version, styleIntegrity: later.styleIntegrity });
  });

  it('gives a version recorded without its style sheets hashes (an older release tool) the hashes when it is published again; still publishes one without them', async () => {
    const releasesUrl = '/api/developer/remotes/devtools/releases';
    const { styleIntegrity, ...older } = await styledBuild('0.4.0-5e5e0007');
    const without = await post(releasesUrl, developer, { ...older, activate: false });
    expect(without.statusCode, without.body).toBe(201);
    const recorded = () => sql<{ style_integrity: unknown }>(service, `select style_integrity from remote_releases where remote = 'devtools' and version = ?`, [older.version]);
    expect(await recorded()).toEqual([{ style_integrity: null }]);
    expect(remoteReleaseListSchema.parse(without.json()).releases.find((release) => release.version === older.version)).toMatchObject({ styleIntegrity: null });
    const again = await post(releasesUrl, developer, { ...older, styleIntegrity, activate: false });
    expect(again.statusCode, again.body).toBe(201);
    expect(await recorded()).toEqual([{ style_integrity: styleIntegrity }]);
  });

  it('answers malformed style sheet hashes with pt-BR 400s: a name that is not a relative .css path, a bad hash, too many sheets', async () => {
    const body = await styledBuild('0.4.0-5e5e0008');
    const hash = sriHash(Buffer.from('x'));
    for (const name of ['../devtools/0.4.0-5e5e0001/main.8288779b.css', '/etc/passwd.css', 'http://127.0.0.1:1/x.css', 'main.css?v=1', 'main.js']) {
      const response = await post('/api/developer/remotes/devtools/releases', developer, { ...body, styleIntegrity: { [name]: hash } });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().issues).toEqual([expect.objectContaining({ path: expect.stringMatching(/^body\.styleIntegrity\./), message: 'Nome de folha de estilo inválido: use o caminho relativo do manifest, terminado em .css' })]);
    }
    const badHash = await post('/api/developer/remotes/devtools/releases', developer, { ...body, styleIntegrity: { ...body.styleIntegrity, [SHEETS.app[0]]: 'md5-abc' } });
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().issues).toEqual([expect.objectContaining({ message: 'Hash de integridade inválido: esperado sha384-<base64>' })]);
    const many = Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`page-${i}.css`, hash]));
    const tooMany = await post('/api/developer/remotes/devtools/releases', developer, { ...body, styleIntegrity: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([expect.objectContaining({ path: 'body.styleIntegrity', message: 'No máximo 300 folhas de estilo por versão' })]);
  });

  it('the release tool records through the registry opened on the database (@prata/api/releases), as cli:<os user>; the service serves what it records', async () => {
    const registry = await openReleaseRegistry(service.config);
    try {
      expect(registry.description).toBe('DATABASE_URL');
      const release = await build('0.3.0-77770000');
      const by = `cli:${os.userInfo().username}`;
      const list = await registry.publish('storefront', { ...release, notes: 'pela ferramenta', activate: true });
      expect(list.active).toBe(release.version);
      expect(list.releases[0]).toMatchObject({ version: release.version, publishedBy: by, notes: 'pela ferramenta', active: true });
      expect(await storefront()).toMatchObject({ version: release.version, manifestUrl: release.manifestUrl });
      const [log] = await sql(service, `select user_id, details from admin_logs where action = 'remote_release_activated' and details->>'version' = ?`, [release.version]);
      expect(log).toEqual({ user_id: null, details: { remote: 'storefront', version: release.version, by } });
      // Refusals carry the service's pt-BR message; nothing changes.
      await expect(registry.activate('storefront', '9.9.9-naoexiste')).rejects.toThrow('Versão 9.9.9-naoexiste de storefront não encontrada.');
      expect((await registry.rollback('storefront')).active).not.toBe(release.version);
    } finally {
      await registry.close();
    }
  });

  it('the hand-written migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/remote_releases|remote_activations|remote_canaries|remote_canary_clients/);
  });
});

describe('schema', () => {
  it("the canary and contact migrations match the entities (remote_canary_clients.errored_at, web_vital_samples.canary_client, orders.contact_verified, carrier_webhook_receipts)", async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/remote_canary_clients|canary_client|contact_verified|carrier_webhook_receipts/);
  });
});
