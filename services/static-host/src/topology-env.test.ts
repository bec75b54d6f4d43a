/**
 * One production topology, three descriptions that must agree on its environment:
 * docker-compose.yml (with the environment its images set themselves, `ENV` in each Dockerfile's
 * runtime stage), the nginx templates the units render, and `npm run preview:production`
 * (preview-topology.ts). Each set is derived from its source (compose's `environment:` keys,
 * `${NAME}` in a template, the schema the host validates with, the variables the API reads), so a
 * variable added to one and not to the others fails here, before a deployment refuses to start:
 *
 * - the shell's host: every variable it requires is set by compose and by the preview; both set
 *   only variables it reads, the same ones but for the few listed with their reason, and both pass
 *   its validation; its payment settings are the API's;
 * - the API: compose and the preview set the same variables (but mail) and only ones the service
 *   reads, and both pass the service's production refusals;
 * - the templates: every variable a template substitutes is set for it, by compose and by the
 *   preview, and every template is used by both;
 * - the operator: every variable compose reads from the operator's environment is named in its
 *   header and in docs/deployment.md, and each variable they tell the operator to set is needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../../api/src/config-env.ts';
import { loadConfig } from '../../api/src/config.ts';
import { hostEnvSchema, readHostSettings, REQUIRED_HOST_VARIABLES } from './host-settings.ts';
import { localSite, readTemplate, TEMPLATES_DIR, templateVariables } from './nginx-process.ts';
import { apiReplicaEnv, nginxUnits, PREVIEW_DEFAULT_PORT_BASE, previewLayout, REPO_ROOT, runSecrets, shellHostEnv, type PreviewRun } from './preview-topology.ts';

type ComposeService = { build?: { dockerfile: string }; image?: string; environment?: Record<string, string>; volumes?: string[] };
const composeText = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText) as { services: Record<string, ComposeService> };
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The variables a Dockerfile's runtime stage sets with `ENV NAME=value ...`. */
function imageEnv(dockerfile: string): Record<string, string> {
  const runtime = read(dockerfile).split(/^FROM /m).at(-1)!;
  const lines = runtime.split('\n').filter((line) => line.startsWith('ENV '));
  return Object.fromEntries(lines.flatMap((line) => [...line.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')])));
}

/** What a service's process sees: its image's ENV, then compose's `environment:` over it (values uninterpolated). */
function serviceEnv(name: string): Record<string, string> {
  const service = compose.services[name]!;
  return { ...(service.build ? imageEnv(service.build.dockerfile) : {}), ...service.environment };
}

/**
 * Compose's interpolation of a value with the operator's environment: `${NAME:?message}` (an
 * error when unset or empty), `${NAME:-default}`, `${NAME}`, and `$$` for a literal `$`.
 * @throws Error naming a required variable that is missing.
 */
function interpolate(value: string, operator: Record<string, string>): string {
  return value.replace(/\$\$|\$\{(\w+)(?::([?-])([^}]*))?\}/g, (whole, name: string | undefined, kind: string | undefined, rest: string | undefined) => {
    if (whole === '$$') return '$';
    const given = operator[name!];
    if (given) return given;
    if (kind === '?') throw new Error(`compose: ${name} is required (${rest})`);
    return kind === '-' ? rest! : '';
  });
}

/** Every service's environment interpolated with `operator`. @throws as {@link interpolate}. */
function deployedEnv(operator: Record<string, string>): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.keys(compose.services).map((name) => [name, Object.fromEntries(Object.entries(serviceEnv(name)).map(([key, value]) => [key, interpolate(String(value), operator)]))]));
}

/** The variables compose reads from the operator's environment. */
const operatorVariables = [...new Set([...composeText.replace(/^#.*$/gm, '').matchAll(/\$\{(\w+)/g)].map((m) => m[1]!))].sort();

/** What docs/deployment.md and compose's header tell an operator to set (each `openssl rand -base64 48`, credentials of a test store). */
const operator: Record<string, string> = {
  POSTGRES_PASSWORD: 'kJ2pV9xQ4mZ7wT1yR6bN3cH8fL5dS0aEgU',
  MINIO_ROOT_PASSWORD: 'Qw8eR4tY2uI6oP0aS9dF3gH7jK1lZ5xCvB',
  MINIO_API_SECRET_KEY: 'Zx7cV3bN9mQ1wE5rT8yU2iO6pA4sD0fGhJ',
  JWT_SECRET: 'bW9uZXktanNvbi13ZWItdG9rZW4tc2VjcmV0LTQ4LWJ5dGVzLWxvbmctZW5vdWdo',
  ENCRYPTION_KEY: 'ZW5jcnlwdGlvbi1rZXktZm9yLXRvdHAtc2VjcmV0cy1hdC1yZXN0LTQ4LWJ5dGVz',
  CLIENT_ID_SECRET: 'Y2xpZW50LWlkLXNlY3JldC1zaGFyZWQtYnktdGhlLWhvc3QtYW5kLXRoZS1hcGk',
  PAYMENT_PROVIDER: 'mercadopago',
  MERCADOPAGO_ACCESS_TOKEN: 'TEST-0000000000000000-access',
  MERCADOPAGO_PUBLIC_KEY: 'TEST-public-key',
  MERCADOPAGO_WEBHOOK_SECRET: 'webhook-secret-of-the-test-store',
  MAIL_DISABLED: 'true',
};

const layout = previewLayout(PREVIEW_DEFAULT_PORT_BASE, '/tmp/prata-preview-test');
const run: PreviewRun = {
  databaseUrl: 'postgres://postgres:secret@127.0.0.1:29040/prata925',
  secrets: runSecrets(),
  acquirer: { accessToken: 'TEST-access', publicKey: 'TEST-public', webhookSecret: 'double-webhook-secret' },
};
const previewApi = apiReplicaEnv(layout, run, 0);
const previewHost = shellHostEnv(layout, run);

/** `a` minus `b`, sorted. */
const minus = (a: Iterable<string>, b: Iterable<string>) => [...new Set(a)].filter((x) => !new Set(b).has(x)).sort();

describe("the shell's host", () => {
  const composeShell = serviceEnv('shell');

  it('gets every variable it requires from compose and from the preview', () => {
    expect(REQUIRED_HOST_VARIABLES.length).toBeGreaterThan(0);
    expect(minus(REQUIRED_HOST_VARIABLES, Object.keys(composeShell)), 'missing in docker-compose.yml').toEqual([]);
    expect(minus(REQUIRED_HOST_VARIABLES, Object.keys(previewHost)), 'missing in the preview').toEqual([]);
  });

  it('is given only variables it reads, the same by compose and the preview but for the listed ones', () => {
    // NODE_ENV is the images' convention; the host itself does not read it.
    const reads = [...Object.keys(hostEnvSchema.shape), 'NODE_ENV'];
    expect(minus(Object.keys(composeShell), reads), 'set by compose, read by nobody').toEqual([]);
    expect(minus(Object.keys(previewHost), reads), 'set by the preview, read by nobody').toEqual([]);
    // Inside compose's network `localhost` is the container: the remotes are reached by their service names.
    expect(minus(Object.keys(composeShell), Object.keys(previewHost))).toEqual(['INTERNAL_ORIGINS']);
    // The preview serves the repository's own build; the image's is at the default path.
    expect(minus(Object.keys(previewHost), Object.keys(composeShell))).toEqual(['SHELL_ROOT']);
  });

  it("accepts both settings, and takes its payment settings from the API's", () => {
    const deployed = deployedEnv(operator);
    expect(() => readHostSettings(deployed.shell!)).not.toThrow();
    expect(() => readHostSettings(previewHost)).not.toThrow();
    for (const name of ['PAYMENT_PROVIDER', 'MERCADOPAGO_SDK_URL', 'MERCADOPAGO_API_URL', 'RELEASE_ORIGINS', 'CLIENT_ID_SECRET']) {
      expect(deployed.shell![name], `compose ${name}`).toBe(deployed.api![name]);
      expect(previewHost[name], `preview ${name}`).toBe(previewApi[name]);
    }
  });
});

describe('the API', () => {
  const composeApi = serviceEnv('api');
  // Read by the AWS SDK (the S3 adapter's credentials), not by the service's own schema.
  const reads = [...Object.keys(envSchema.shape), 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

  it('is given only variables it reads, the same by compose and the preview but mail', () => {
    expect(minus(Object.keys(composeApi), reads), 'set by compose, read by nobody').toEqual([]);
    expect(minus(Object.keys(previewApi), reads), 'set by the preview, read by nobody').toEqual([]);
    // The preview has no mail relay: MAIL_DISABLED=true, which compose leaves to the operator.
    expect(minus(Object.keys(composeApi), Object.keys(previewApi))).toEqual(['SMTP_URL']);
    expect(minus(Object.keys(previewApi), Object.keys(composeApi))).toEqual([]);
  });

  it("passes the service's production refusals, in compose with the operator's settings and in the preview", () => {
    expect(composeApi.NODE_ENV).toBe('production');
    expect(previewApi.NODE_ENV).toBe('production');
    expect(loadConfig(deployedEnv(operator).api!)).toMatchObject({ production: true, payment: { provider: 'mercadopago' }, objectStorage: { driver: 's3' }, mailDisabled: true });
    expect(loadConfig(previewApi)).toMatchObject({ production: true, payment: { provider: 'mercadopago' }, objectStorage: { driver: 's3' }, mailDisabled: true, trustProxy: 1 });
  });
});

describe('the nginx templates', () => {
  /** The template each compose service renders: mounted by a stock image, or copied by its Dockerfile. */
  const composeTemplates = Object.entries(compose.services).flatMap(([name, service]) => {
    const sources = [...(service.volumes ?? []), ...(service.build ? [read(service.build.dockerfile)] : [])].join('\n');
    return [...sources.matchAll(/services\/static-host\/docker\/([\w.-]+\.template)/g)].map((m) => ({ service: name, template: m[1]! }));
  });
  const units = nginxUnits(layout, '127.0.0.1:29053');

  it('get every variable they substitute, from compose and from the preview', () => {
    expect(composeTemplates.map((t) => t.service).sort()).toEqual(['admin', 'api-proxy', 'checkout', 'devtools', 'storefront']);
    for (const { service, template } of composeTemplates) {
      expect(minus(templateVariables(readTemplate(template)), Object.keys(serviceEnv(service))), `${service} (${template})`).toEqual([]);
    }
    for (const unit of units) {
      expect(minus(templateVariables(readTemplate(unit.template)), Object.keys(unit.env)), `preview ${unit.name}`).toEqual([]);
      expect(localSite(readTemplate(unit.template), unit.env, { listen: unit.listen })).not.toMatch(/\$\{\w+\}/);
    }
    // The proxy is in front of the replicas by name, as compose's is in front of `api`.
    expect(Object.keys(units.find((unit) => unit.name === 'api-proxy')!.env).sort()).toEqual(Object.keys(compose.services['api-proxy']!.environment!).sort());
  });

  it('are each used by compose and by the preview', () => {
    const templates = readdirSync(TEMPLATES_DIR).filter((file) => file.endsWith('.template')).sort();
    expect([...new Set(composeTemplates.map((t) => t.template))].sort()).toEqual(templates);
    expect([...new Set(units.map((unit) => unit.template))].sort()).toEqual(templates);
  });
});

describe('the operator', () => {
  it('is told every variable compose reads from the environment, in its header and in docs/deployment.md', () => {
    const header = composeText.slice(0, composeText.indexOf('\nname:'));
    const docs = read('docs/deployment.md');
    expect(operatorVariables.length).toBeGreaterThan(0);
    for (const name of operatorVariables) {
      expect(header, `docker-compose.yml's header names ${name}`).toContain(name);
      expect(docs, `docs/deployment.md names ${name}`).toContain(name);
    }
  });

  it('needs each variable it is told to set: without one, compose or the API refuses to start', () => {
    expect(minus(Object.keys(operator), operatorVariables), 'told to set, never read').toEqual([]);
    const starts = (env: Record<string, string>) => {
      try {
        loadConfig(deployedEnv(env).api!);
        return true;
      } catch {
        return false;
      }
    };
    expect(starts(operator)).toBe(true);
    for (const name of Object.keys(operator)) {
      const { [name]: _left, ...without } = operator;
      expect(starts(without), `starts without ${name}`).toBe(false);
    }
  });
});
