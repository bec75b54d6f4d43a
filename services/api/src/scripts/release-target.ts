/**
 * Where the release commands (`npm run release | rollback | releases`) record their changes
 * (issue 14: "with the store running or not, local or against a deployed service with a token").
 *
 * - {@link DatabaseReleaseTarget}: the service's own database (`DATABASE_URL`, else the embedded
 *   cluster under `DATA_DIR`: the running store's, joined without starting a second postmaster,
 *   or started for the command when the store is stopped; bootstrap/open-database.ts `openDatabaseForTool`),
 *   through the same {@link RemoteReleaseService} the API uses. Changes are recorded as
 *   `cli:<os user>`; the `RemoteReleaseActivated` event is relayed by the running service(s).
 * - {@link HttpReleaseTarget}: a running service's developer API (`PRATA_API_URL`) with a
 *   developer's access token (`PRATA_API_TOKEN`); recorded under that developer.
 * Both answer with the release list of the contracts ({@link RemoteReleaseList}).
 */
import os from 'node:os';
import { apiErrorSchema, remoteReleaseListSchema, type PublishReleaseInput, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import type { AppConfig } from '../config.ts';
import { openDatabaseForTool, type OpenDatabase } from '../bootstrap/open-database.ts';
import { EventBus } from '../events/event-bus.ts';
import { RemoteRegistryService, RemoteReleaseService, type ReleaseActor, verifyRelease, type ReleaseToVerify } from '../modules/platform/index.ts';

/** The four release operations, wherever they are recorded. Errors carry the service's pt-BR message. */
export interface ReleaseTarget {
  /** Human description, e.g. `the store's database (PostgreSQL pid 123)`. */
  readonly description: string;
  list(remote: RemoteName): Promise<RemoteReleaseList>;
  publish(remote: RemoteName, input: PublishReleaseInput): Promise<RemoteReleaseList>;
  activate(remote: RemoteName, version: string): Promise<RemoteReleaseList>;
  rollback(remote: RemoteName, version?: string): Promise<RemoteReleaseList>;
  startCanary(remote: RemoteName, version: string, percent: number): Promise<RemoteReleaseList>;
  close(): Promise<void>;
}

const quietLog = { info: () => undefined, warn: (message: string) => console.warn(message), debug: () => undefined };

export class DatabaseReleaseTarget implements ReleaseTarget {
  readonly description: string;
  private readonly db: OpenDatabase;
  private readonly service: RemoteReleaseService;
  private readonly actor: ReleaseActor;

  private constructor(db: OpenDatabase & { attachedTo?: number }, config: AppConfig) {
    this.db = db;
    this.description = db.attachedTo ? `the running store's database (PostgreSQL pid ${db.attachedTo})` : config.databaseUrl ? 'DATABASE_URL' : 'the embedded database (started for this command)';
    const registry = new RemoteRegistryService(config.remoteOrigins, config.remoteRegistryFile, { error: (obj, msg) => console.error(msg, obj) });
    const verify = (release: ReleaseToVerify) => verifyRelease(release, { allowedOrigins: config.releaseOrigins, log: { warn: (obj, msg) => console.error(msg, obj) } });
    this.service = new RemoteReleaseService(registry, new EventBus(db.orm, { error: (obj, msg) => console.error(msg, obj), warn: () => undefined }), verify);
    this.actor = { userId: null, label: `cli:${os.userInfo().username}` };
  }

  /** Opens the service's database for the command. @throws the errors of `openDatabaseForTool`. */
  static async open(config: AppConfig): Promise<DatabaseReleaseTarget> {
    return new DatabaseReleaseTarget(await openDatabaseForTool(config, quietLog), config);
  }

  private em() {
    return this.db.orm.em.fork();
  }

  list(remote: RemoteName) {
    return this.service.list(this.em(), remote);
  }

  publish(remote: RemoteName, input: PublishReleaseInput) {
    return this.service.publish(this.em(), remote, input, this.actor);
  }

  activate(remote: RemoteName, version: string) {
    return this.service.activate(this.em(), remote, version, this.actor);
  }

  rollback(remote: RemoteName, version?: string) {
    return this.service.rollback(this.em(), remote, version, this.actor);
  }

  startCanary(remote: RemoteName, version: string, percent: number) {
    return this.service.startCanary(this.em(), remote, version, percent, this.actor);
  }

  close() {
    return this.db.close();
  }
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
  return DatabaseReleaseTarget.open(config);
}
