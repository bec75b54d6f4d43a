/**
 * Publishing a built remote from the developer dashboard by its manifest URL,
 * `POST /api/developer/remotes/:remote/releases/from-manifest`, against real PostgreSQL and a real
 * release origin (Fastify serving production-like builds from disk over HTTP, with a redirect and
 * an oversized manifest): the build is read there, hashed and checked as `npm run release` checks
 * it, and published without being activated (audited; the dashboard's activation then verifies
 * the recorded hashes). Each refusal answers its pt-BR message and records nothing: an origin off
 * the allow-list (or a host resolving to a private address), an unreachable, redirected or
 * oversized manifest, another remote's manifest, a version already published, an entry hash other
 * than the one given, a build the shell cannot run, over its byte budget or heavier than the live
 * version (unless the growth is accepted), the shell's build-info.json unreadable, or files that
 * changed before the registry's own verification. Developers only.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteReleaseListSchema } from '@prata/contracts';
import { ManifestPublisher, MANIFEST_MAX_BYTES } from '../src/modules/platform/manifest-publisher.ts';
import { ConflictError, ValidationError } from '../src/errors.ts';
import { ReleaseVerificationError } from '../src/modules/platform/release-verifier.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';
import { SHELL_BUILD_INFO, writeRemoteBuild } from './release-build-fixtures.ts';

let service: TestService;
let origin: FastifyInstance;
let originUrl: string;
let releasesUrl: string;
let deployDir: string;
let developer: SignedIn;

const publish = (remote: string, payload: object, who: SignedIn | null = developer) =>
  service.app.inject({ method: 'POST', url: `/api/developer/remotes/${remote}/releases/from-manifest`, headers: who ? bearer(who) : {}, payload });
const manifestOf = (remote: string, version: string) => `${releasesUrl}${remote}/${version}/mf-manifest.json`;
const publishedRows = async () => sql<{ remote: string; version: string }>(service, `select remote, version from remote_releases order by remote, version`);

beforeAll(async () => {
  deployDir = await mkdtemp(path.join(os.tmpdir(), 'prata-publish-'));
  origin = Fastify({ forceCloseConnections: true });
  origin.get('/releases/storefront/moved/mf-manifest.json', async (_request, reply) => reply.redirect(`${releasesUrl}storefront/0.1.0-aaaa0001/mf-manifest.json`, 302));
  origin.get('/releases/storefront/huge/mf-manifest.json', async (_request, reply) => reply.type('application/json').send(`{"pad":"${'x'.repeat(MANIFEST_MAX_BYTES)}"}`));
  await origin.register(fastifyStatic, { root: deployDir });
  originUrl = await origin.listen({ port: 0, host: '127.0.0.1' });
  // The allow-list names a path prefix: the same origin outside it is not allowed.
  releasesUrl = `${originUrl}/releases/`;
  await writeFile(path.join(deployDir, 'build-info.json'), JSON.stringify(SHELL_BUILD_INFO));
  service = await createTestService({ SHELL_URL: originUrl, RELEASE_ORIGINS: releasesUrl });
  developer = await account(service, ['developer'], 'dev');
});
afterAll(async () => {
  await service?.close();
  await origin?.close();
  await rm(deployDir, { recursive: true, force: true });
});

describe('POST /api/developer/remotes/:remote/releases/from-manifest', () => {
  it('is for developers only', async () => {
    const body = { manifestUrl: manifestOf('storefront', '0.1.0-aaaa0000') };
    expect((await publish('storefront', body, null)).statusCode).toBe(401);
    for (const who of [await account(service), await account(service, ['admin'], 'admin')]) {
      const response = await publish('storefront', body, who);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Acesso negado');
    }
  });

  it('publishes a build read from the release origin, with the hashes the release tool would record, not active; audited; then activates', async () => {
    const build = await writeRemoteBuild(path.join(deployDir, 'releases'), 'devtools', '0.1.0-aaaa0001');
    const response = await publish('devtools', { manifestUrl: manifestOf('devtools', build.version), integrity: build.integrity, notes: 'pelo painel' });
    expect(response.statusCode, response.body).toBe(201);
    const list = remoteReleaseListSchema.parse(response.json());
    expect(list.active).toBeNull();
    expect(list.history).toEqual([]);
    expect(list.current.version).not.toBe(build.version);
    expect(list.releases).toEqual([
      expect.objectContaining({ version: build.version, manifestUrl: manifestOf('devtools', build.version), integrity: build.integrity, publishedBy: developer.email, notes: 'pelo painel', active: false, weight: { jsGzip: 30_000, cssGzip: 7000 } }),
    ]);
    const [row] = await sql<{ server_integrity: string; style_integrity: Record<string, string> }>(service, `select server_integrity, style_integrity from remote_releases where version = ?`, [build.version]);
    expect(row).toEqual({ server_integrity: build.serverIntegrity, style_integrity: build.styleIntegrity });
    const logs = await sql<{ action: string; user_id: string; details: Record<string, unknown> }>(service, `select action, user_id, details from admin_logs where action like 'remote_release_%' and details->>'version' = ?`, [build.version]);
    expect(logs).toEqual([{ action: 'remote_release_published', user_id: developer.userId, details: { remote: 'devtools', version: build.version, by: developer.email, activate: false } }]);
    // The registry still serves the bootstrap entry; the dashboard's activation verifies the recorded hashes.
    const registry = (await service.app.inject({ method: 'GET', url: '/api/remotes' })).json() as { name: string; version: string }[];
    expect(registry.find((entry) => entry.name === 'devtools')?.version).not.toBe(build.version);
    const activated = await service.app.inject({ method: 'POST', url: '/api/developer/remotes/devtools/activate', headers: bearer(developer), payload: { version: build.version } });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(remoteReleaseListSchema.parse(activated.json()).active).toBe(build.version);
  });

  it('refuses a version already published', async () => {
    const version = '0.1.0-aaaa0001';
    const again = await publish('devtools', { manifestUrl: manifestOf('devtools', version) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A versão ${version} de devtools já foi publicada.`);
  });

  it('refuses a manifest off the allowed origins, unreachable, redirected or too large, with its reason', async () => {
    const before = await publishedRows();
    const off = await publish('storefront', { manifestUrl: `${originUrl}/elsewhere/storefront/mf-manifest.json` });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(`A URL do manifest (${originUrl}/elsewhere/storefront/mf-manifest.json) não está numa origem de release permitida (RELEASE_ORIGINS); nada foi publicado.`);
    const escaped = await publish('storefront', { manifestUrl: `${releasesUrl}..%2Fsecret/mf-manifest.json` });
    expect(escaped.statusCode).toBe(400);
    const missing = await publish('storefront', { manifestUrl: manifestOf('storefront', 'nao-existe') });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(`Não foi possível ler o manifest em ${manifestOf('storefront', 'nao-existe')}: inacessível (HTTP 404); nada foi publicado.`);
    const moved = await publish('storefront', { manifestUrl: `${releasesUrl}storefront/moved/mf-manifest.json` });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toMatch(/^Não foi possível ler o manifest em .*: redirecionamento \(302\) não é seguido; nada foi publicado\.$/);
    const huge = await publish('storefront', { manifestUrl: `${releasesUrl}storefront/huge/mf-manifest.json` });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toContain(`maior que o limite de ${MANIFEST_MAX_BYTES} bytes`);
    const bad = await publish('storefront', { manifestUrl: 'ftp://example.com/mf-manifest.json' });
    expect(bad.statusCode).toBe(400);
    expect(await publishedRows()).toEqual(before);
  });

  it("refuses another remote's manifest and an entry whose hash is not the one given", async () => {
    const build = await writeRemoteBuild(path.join(deployDir, 'releases'), 'checkout', '0.1.0-bbbb0001');
    const other = await publish('storefront', { manifestUrl: manifestOf('checkout', build.version) });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(`O manifest em ${manifestOf('checkout', build.version)} é de checkout, não de storefront; nada foi publicado.`);
    const wrongHash = `sha384-${'A'.repeat(64)}`;
    const mismatch = await publish('checkout', { manifestUrl: manifestOf('checkout', build.version), integrity: wrongHash });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().message).toBe(`checkout ${build.version} não foi publicada: o hash de integridade do arquivo de entrada (${build.integrity}) não confere com o informado (${wrongHash}).`);
    // A build without its Node container on the origin: unreachable.
    await rm(path.join(build.dir, 'server', 'remoteEntry.js'));
    const noServer = await publish('checkout', { manifestUrl: manifestOf('checkout', build.version) });
    expect(noServer.statusCode).toBe(422);
    expect(noServer.json().message).toMatch(/^Não foi possível ler o contêiner Node \(metaData\.ssrRemoteEntry\) em .*\/server\/remoteEntry\.js: inacessível \(HTTP 404\)/);
    expect((await publishedRows()).filter((row) => row.remote === 'checkout')).toEqual([]);
  });

  it('refuses a build the shell cannot run or over its byte budget, with the same messages as npm run release', async () => {
    const releases = path.join(deployDir, 'releases');
    const skewed = await writeRemoteBuild(releases, 'admin', '0.1.0-cccc0001', { react: '^20.0.0' });
    const incompatible = await publish('admin', { manifestUrl: manifestOf('admin', skewed.version) });
    expect(incompatible.statusCode).toBe(422);
    expect(incompatible.json().message).toMatch(new RegExp(`^admin ${skewed.version} não foi publicada: não é compatível com o shell 0\\.1\\.0-5e11a000:\\n  - .*react`));
    const heavy = await writeRemoteBuild(releases, 'admin', '0.1.0-cccc0002', { weight: { jsGzip: 40_001, cssGzip: 7000 } });
    const overBudget = await publish('admin', { manifestUrl: manifestOf('admin', heavy.version) });
    expect(overBudget.statusCode).toBe(422);
    expect(overBudget.json().message).toBe(
      `admin ${heavy.version} não foi publicada: acima do orçamento de bytes (mf-admin/package.json, prata.budget):\n  - JS inicial de 40.001 B gzip acima do orçamento de 40.000 B (+1 B)`,
    );
    expect((await publishedRows()).filter((row) => row.remote === 'admin')).toEqual([]);
  });

  it('refuses a build more than 5 % heavier than the live version unless the growth is accepted', async () => {
    const releases = path.join(deployDir, 'releases');
    const live = await writeRemoteBuild(releases, 'storefront', '0.1.0-dddd0001', { weight: { jsGzip: 30_000, cssGzip: 6000 } });
    expect((await publish('storefront', { manifestUrl: manifestOf('storefront', live.version) })).statusCode).toBe(201);
    expect((await service.app.inject({ method: 'POST', url: '/api/developer/remotes/storefront/activate', headers: bearer(developer), payload: { version: live.version } })).statusCode).toBe(200);
    const grown = await writeRemoteBuild(releases, 'storefront', '0.1.0-dddd0002', { weight: { jsGzip: 30_000, cssGzip: 7000 } });
    const refused = await publish('storefront', { manifestUrl: manifestOf('storefront', grown.version) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `storefront ${grown.version} não foi publicada: mais de 5 % mais pesada que a versão no ar ${live.version} (registro da versão); para aceitar, marque "Aceitar crescimento":\n  - CSS inicial de 7.000 B gzip, 16,67 % acima dos 6.000 B da versão no ar (limite: 5 %)`,
    );
    const accepted = await publish('storefront', { manifestUrl: manifestOf('storefront', grown.version), acceptGrowth: true });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const list = remoteReleaseListSchema.parse(accepted.json());
    expect(list.active).toBe(live.version);
    expect(list.releases.map((release) => [release.version, release.active])).toEqual([
      [grown.version, false],
      [live.version, true],
    ]);
  });
});

describe('ManifestPublisher', () => {
  it('refuses an allowed host name that resolves to a private address, before fetching anything', async () => {
    const fetched: string[] = [];
    const publisher = new ManifestPublisher(
      { publish: async () => Promise.reject(new Error('not reached')), list: async () => Promise.reject(new Error('not reached')) },
      {
        allowedOrigins: ['https://releases.example.com'],
        shellUrl: 'https://loja.example.com',
        lookup: async () => [{ address: '10.0.0.5' }],
        fetchImpl: async (url) => {
          fetched.push(String(url));
          return new Response('{}');
        },
      },
    );
    const attempt = publisher.publish({} as EntityManager, 'storefront', { manifestUrl: 'https://releases.example.com/storefront/0.1.0-x/mf-manifest.json' }, { userId: null, label: 'test' });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow('foi recusada: O host resolve para um endereço privado ou local; nada foi publicado.');
    expect(fetched).toEqual([]);
  });

  it("refuses when the shell's build-info.json cannot be read, and when the files change before the registry's verification", async () => {
    const build = await writeRemoteBuild(path.join(deployDir, 'releases'), 'checkout', '0.1.0-eeee0001', { browserOnly: true });
    const em = service.db.orm.em.fork();
    const actor = { userId: null, label: 'test' };
    const releases = service.app.platform.releases;
    const noShell = new ManifestPublisher(releases, { allowedOrigins: [releasesUrl], shellUrl: `${originUrl}/sem-shell` });
    const unread = noShell.publish(em, 'checkout', { manifestUrl: manifestOf('checkout', build.version) }, actor);
    await expect(unread).rejects.toBeInstanceOf(ConflictError);
    await expect(unread).rejects.toThrow(`Não foi possível ler o build-info.json do shell em ${originUrl}/sem-shell/build-info.json; sem ele a compatibilidade não pode ser verificada e nada foi publicado.`);
    // The registry's own verification fetches the files again: a change in between is refused.
    const changing = new ManifestPublisher(
      { list: (listEm, remote) => releases.list(listEm, remote), publish: async () => Promise.reject(new ReleaseVerificationError('generic')) },
      { allowedOrigins: [releasesUrl], shellUrl: originUrl },
    );
    const changed = changing.publish(em, 'checkout', { manifestUrl: manifestOf('checkout', build.version) }, actor);
    await expect(changed).rejects.toBeInstanceOf(ConflictError);
    await expect(changed).rejects.toThrow(`checkout ${build.version} não foi publicada: os arquivos mudaram ou ficaram indisponíveis entre a leitura e a verificação de integridade; publique de novo a partir de um build limpo.`);
    expect((await publishedRows()).filter((row) => row.version === build.version)).toEqual([]);
  });
});
