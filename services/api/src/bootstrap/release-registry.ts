/**
 * The service's release registry and release storage, for the release tool (`@prata/release`,
 * tools/release): the package export `@prata/api/releases`. The registry logic stays
 * in the service (modules/platform: {@link RemoteReleaseService}); this module only opens it on
 * the service's database for a command-line process.
 *
 * - {@link openReleaseRegistry}: the registry on the service's own database (`DATABASE_URL`, else
 *   the embedded cluster under `DATA_DIR`: the running store's, joined without starting a second
 *   postmaster, or started for the command when the store is stopped; open-database.ts
 *   `openDatabaseForTool`), through the same {@link RemoteReleaseService} the API uses. Changes are
 *   recorded as `cli:<os user>`; the `RemoteReleaseActivated` event is relayed by the running
 *   service(s).
 * - Where builds are published (storage/release-storage.ts), the SRI hash the registry checks
 *   (`sriHash`), the style sheets a manifest lists, whose hashes a release records
 *   (`manifestStyleSheets`), the checks of a build before it is published (release-checks.ts:
 *   style sheet hashes, shell compatibility, byte budget and growth, the ones the developer API's
 *   publish by manifest URL runs too), and the refusal of a database another process is restarting
 *   (`EmbeddedDatabaseInUseError`), re-exported so that the tool imports nothing else of the service.
 */
import os from 'node:os';
import type { PublishReleaseInput, RemoteName, RemoteReleaseList } from '@prata/contracts';
import type { AppConfig } from '../config.ts';
import { EventBus } from '../events/event-bus.ts';
import { RemoteRegistryService, RemoteReleaseService, type ReleaseActor, verifyRelease, type ReleaseToVerify } from '../modules/platform/index.ts';
import { SourceMapStore, type SourceMapFile } from '../modules/system-errors/index.ts';
import { openDatabaseForTool, type OpenDatabase } from './open-database.ts';

export { EmbeddedDatabaseInUseError } from '../database/embedded-postgres.ts';
export { manifestStyleSheets, sriHash, type FederationManifest } from '../modules/platform/index.ts';
// The checks of a build before it is published, shared with the developer API's publish by manifest URL.
export {
  InvalidStyleSheetNameError,
  liveWeight,
  shellCompatibilityProblems,
  styleSheetHashes,
  weightRefusal,
  type BuildFileReader,
  type LiveWeight,
  type ManifestShared,
  type WeightDecision,
} from '../modules/platform/index.ts';
export { LocalDiskReleaseStorage, releaseStorageFromEnv, S3ReleaseStorage, type ReleaseStorage } from '../storage/release-storage.ts';
export type { SourceMapFile } from '../modules/system-errors/index.ts';

const quietLog = { info: () => undefined, warn: (message: string) => console.warn(message), debug: () => undefined };

/**
 * The release registry opened on the service's database: the four release operations (and the
 * list) of {@link RemoteReleaseService}, each in a fresh EntityManager fork, answering with the
 * release list of the contracts. Errors carry the service's pt-BR message.
 */
export class DatabaseReleaseRegistry {
  /** Human description, e.g. `the running store's database (PostgreSQL pid 123)`. */
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
  static async open(config: AppConfig): Promise<DatabaseReleaseRegistry> {
    return new DatabaseReleaseRegistry(await openDatabaseForTool(config, quietLog), config);
  }

  private em() {
    return this.db.orm.em.fork();
  }

  /** Versions (newest first), history, canary and current entry of `remote`. */
  list(remote: RemoteName): Promise<RemoteReleaseList> {
    return this.service.list(this.em(), remote);
  }

  /** Records a published version, and activates it when `input.activate`. */
  publish(remote: RemoteName, input: PublishReleaseInput): Promise<RemoteReleaseList> {
    return this.service.publish(this.em(), remote, input, this.actor);
  }

  /** Makes `version` active for everybody (after checking it), ending a running canary. */
  activate(remote: RemoteName, version: string): Promise<RemoteReleaseList> {
    return this.service.activate(this.em(), remote, version, this.actor);
  }

  /** Ends a running canary; else activates `version`, else the version published before the active one. */
  rollback(remote: RemoteName, version?: string): Promise<RemoteReleaseList> {
    return this.service.rollback(this.em(), remote, version, this.actor);
  }

  /** Gives `version` to `percent` % of clients (sticky per client). */
  startCanary(remote: RemoteName, version: string, percent: number): Promise<RemoteReleaseList> {
    return this.service.startCanary(this.em(), remote, version, percent, this.actor);
  }

  /**
   * Stores the hidden source maps of `app` (a remote or the shell) at `version`, which the service
   * maps stack frames with. @throws ValidationError for a file that is not a source map.
   * @returns how many were stored.
   */
  uploadSourceMaps(app: string, version: string, files: readonly SourceMapFile[]): Promise<number> {
    return new SourceMapStore().save(this.em(), app, version, files, new Date());
  }

  /** Closes the database (and stops the embedded cluster when this command started it). */
  close(): Promise<void> {
    return this.db.close();
  }
}

/**
 * The release registry on the service's database, for a command-line tool.
 * @throws the errors of `openDatabaseForTool` (e.g. `EmbeddedDatabaseInUseError`).
 */
export function openReleaseRegistry(config: AppConfig): Promise<DatabaseReleaseRegistry> {
  return DatabaseReleaseRegistry.open(config);
}
