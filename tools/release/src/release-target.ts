/**
 * Where the release commands (`npm run release | rollback | releases`) record their changes
 * (with the store running or not, local or against a deployed service with a token).
 *
 * - The service's own database (`DATABASE_URL`, else the embedded cluster under `DATA_DIR`: the
 *   running store's, joined without starting a second postmaster, or started for the command when
 *   the store is stopped), through the service's own release registry: `openReleaseRegistry` of
 *   `@prata/api/releases` (services/api/src/bootstrap/release-registry.ts), the same
 *   RemoteReleaseService the API uses. Changes are recorded as `cli:<os user>`; the
 *   `RemoteReleaseActivated` event is relayed by the running service(s).
 * - {@link HttpReleaseTarget}: a running service's developer API (`PRATA_API_URL`) with a
 *   developer's access token (`PRATA_API_TOKEN`); recorded under that developer.
 * Both answer with the release list of the contracts ({@link RemoteReleaseList}).
 */
import { apiErrorSchema, remoteReleaseListSchema, sourceMapUploadResultSchema, type PublishReleaseInput, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import type { AppConfig } from '@prata/api/config';
import { openReleaseRegistry, type SourceMapFile } from '@prata/api/releases';

/** The four release operations and the source-map upload, wherever they are recorded. Errors carry the service's pt-BR message. */
export interface ReleaseTarget {
  /** Human description, e.g. `the store's database (PostgreSQL pid 123)`. */
  readonly description: string;
  list(remote: RemoteName): Promise<RemoteReleaseList>;
  publish(remote: RemoteName, input: PublishReleaseInput): Promise<RemoteReleaseList>;
  activate(remote: RemoteName, version: string): Promise<RemoteReleaseList>;
  rollback(remote: RemoteName, version?: string): Promise<RemoteReleaseList>;
  startCanary(remote: RemoteName, version: string, percent: number): Promise<RemoteReleaseList>;
  /** Stores the build's hidden source maps with its version. @returns how many were stored. */
  uploadSourceMaps(app: RemoteName | 'shell', version: string, files: readonly SourceMapFile[]): Promise<number>;
  close(): Promise<void>;
}

/** A failed API call: `message` is the service's pt-BR message. */
export class ReleaseApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ReleaseApiError';
    this.status = status;
  }
}

/** The developer API of a running service, over HTTP with a developer's access token. */
export class HttpReleaseTarget implements ReleaseTarget {
  readonly description: string;
  private readonly apiUrl: string;
  private readonly token: string;

  /** @param apiUrl the service's origin, e.g. `https://api.prata925.com.br`; @param token a developer's access token. */
  constructor(apiUrl: string, token: string) {
    this.apiUrl = apiUrl.replace(/\/$/, '');
    this.token = token;
    this.description = `the API at ${this.apiUrl}`;
  }

  private async call(remote: RemoteName, method: 'GET' | 'POST', path: string, body?: unknown): Promise<RemoteReleaseList> {
    const response = await fetch(`${this.apiUrl}/api/developer/remotes/${remote}/${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = apiErrorSchema.safeParse(json);
      const issues = error.success ? (error.data.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`) : [];
      throw new ReleaseApiError(response.status, [error.success ? error.data.message : `HTTP ${response.status}`, ...issues].join('\n  '));
    }
    return remoteReleaseListSchema.parse(json);
  }

  list(remote: RemoteName) {
    return this.call(remote, 'GET', 'releases');
  }

  publish(remote: RemoteName, input: PublishReleaseInput) {
    return this.call(remote, 'POST', 'releases', input);
  }

  activate(remote: RemoteName, version: string) {
    return this.call(remote, 'POST', 'activate', { version });
  }

  rollback(remote: RemoteName, version?: string) {
    return this.call(remote, 'POST', 'rollback', version ? { version } : {});
  }

  startCanary(remote: RemoteName, version: string, percent: number) {
    return this.call(remote, 'POST', 'canary', { version, percent });
  }

  async uploadSourceMaps(app: RemoteName | 'shell', version: string, files: readonly SourceMapFile[]) {
    const form = new FormData();
    for (const { file, json } of files) form.append('file', new Blob([json], { type: 'application/json' }), `${file}.map`);
    const response = await fetch(`${this.apiUrl}/api/developer/source-maps/${app}/${encodeURIComponent(version)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = apiErrorSchema.safeParse(json);
      throw new ReleaseApiError(response.status, error.success ? error.data.message : `HTTP ${response.status}`);
    }
    return sourceMapUploadResultSchema.parse(json).stored;
  }

  async close() {}
}

/**
 * The target the environment selects: `PRATA_API_URL` (+ `PRATA_API_TOKEN`) -> the API over HTTP,
 * else the service's database.
 * @throws Error when `PRATA_API_URL` is set without `PRATA_API_TOKEN`.
 */
export async function openReleaseTarget(config: AppConfig, env: NodeJS.ProcessEnv = process.env): Promise<ReleaseTarget> {
  if (env.PRATA_API_URL) {
    if (!env.PRATA_API_TOKEN) throw new Error('PRATA_API_URL is set but PRATA_API_TOKEN is not: give a developer access token');
    return new HttpReleaseTarget(env.PRATA_API_URL, env.PRATA_API_TOKEN);
  }
  return openReleaseRegistry(config);
}
