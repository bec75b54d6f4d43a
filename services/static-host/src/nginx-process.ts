/**
 * The deployment's nginx templates (`services/static-host/docker/*.template`) run by a real nginx
 * on this machine, as the nginx image runs them: rendered the way its entrypoint's envsubst
 * renders them (only `${NAME}` of variables that are defined), then served by an `nginx` binary
 * (Debian's `/usr/sbin/nginx`, or `NGINX_BIN`) in the foreground, with a prefix of its own (pid,
 * logs, temp directories) so it needs no root and leaves nothing outside that directory.
 *
 * Used by `npm run preview:production` (one nginx per unit, as one container per unit) and by the
 * deployment test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The templates' directory (`services/static-host/docker`). */
export const TEMPLATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docker');

/** The text of template `name` (e.g. `nginx-remote.conf.template`). */
export function readTemplate(name: string): string {
  return readFileSync(path.join(TEMPLATES_DIR, name), 'utf8');
}

/** The variables a template substitutes (`${NAME}`), sorted, each once. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!))].sort();
}

/** What the nginx image does at start: substitute `${NAME}` for every variable of `env`, leave the rest. */
export function renderTemplate(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(/\$\{(\w+)\}/g, (whole, name: string) => env[name] ?? whole);
}

/**
 * A template as a site of a local nginx: rendered with `env`, listening on `listen`
 * (`127.0.0.1:26001`) instead of the image's port 8080, and serving `root` instead of the image's
 * `/usr/share/nginx/html` (a remote's build).
 * @throws Error naming a variable the template needs and `env` does not define.
 */
export function localSite(template: string, env: Readonly<Record<string, string | undefined>>, options: { listen: string; root?: string }): string {
  const missing = templateVariables(template).filter((name) => env[name] === undefined);
  if (missing.length > 0) throw new Error(`nginx template: no value for ${missing.join(', ')}`);
  let site = renderTemplate(template, env).replace('listen 8080;', `listen ${options.listen};`);
  if (options.root) site = site.replace('/usr/share/nginx/html', options.root);
  return site;
}

/** The nginx binary: `NGINX_BIN`, else the first of the usual paths that exists, else undefined. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NGINX_BIN) return env.NGINX_BIN;
  return ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/opt/homebrew/bin/nginx', '/usr/local/bin/nginx'].find((file) => existsSync(file));
}

/** The MIME types of the binary's own configuration (as the image includes them), else the few a store serves. */
function mimeTypes(binary: string): string {
  const conf = /--conf-path=(\S+)/.exec(spawnSync(binary, ['-V'], { encoding: 'utf8' }).stderr ?? '')?.[1];
  const file = conf ? path.join(path.dirname(conf), 'mime.types') : undefined;
  if (file && existsSync(file)) return `include ${file};`;
  return `types {
    text/html html; text/css css; text/plain txt; image/svg+xml svg; image/png png; image/jpeg jpg jpeg; image/webp webp;
    application/javascript js mjs; application/json json; font/woff2 woff2; font/woff woff; application/wasm wasm;
  }`;
}

export interface NginxProcess {
  /** The unit's URL, e.g. `http://127.0.0.1:26001`. */
  url: string;
  /** Its prefix directory (config, pid, error.log, temp files). */
  dir: string;
  child: ChildProcess;
  /** Fast shutdown (SIGTERM); resolves when the master has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `binary` in the foreground with `site` (one rendered template) under the prefix `dir`
 * (created, mode 0755 so the workers, which drop root, can read it), after `nginx -t` accepted
 * the configuration, and waits (10 s at most) until `url` answers.
 * @throws Error with nginx's own message when the configuration is refused or it does not answer.
 */
export async function startNginx(options: { binary: string; dir: string; site: string; url: string }): Promise<NginxProcess> {
  const { binary, dir } = options;
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  const temp = (name: string) => `${name} ${path.join(dir, name)};`;
  await writeFile(path.join(dir, 'site.conf'), options.site);
  // The image's own nginx.conf, with every path under this prefix.
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} notice;
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp).join('\n  ')}
  ${mimeTypes(binary)}
  default_type application/octet-stream;
  sendfile on;
  keepalive_timeout 65;
  include ${path.join(dir, 'site.conf')};
}
`,
  );
  const conf = path.join(dir, 'nginx.conf');
  const check = spawnSync(binary, ['-t', '-q', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused ${conf}:\n${check.stderr}`);
  const child = spawn(binary, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}) before answering on ${options.url}:\n${stderr}`);
    if (await fetch(options.url, { signal: AbortSignal.timeout(1000) }).then(() => true, () => false)) return { url: options.url, dir, child, stop };
    await sleep(50);
  }
  await stop();
  throw new Error(`nginx did not answer on ${options.url} within 10 s:\n${stderr}`);
}
