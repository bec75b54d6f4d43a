/**
 * A scratch database for a one-off command (`npm run db:migration:create`, `npm run openapi`):
 * a new database on the server at `serverUrl` when one is given (the caller passes
 * `DATABASE_URL`), else a throw-away embedded PostgreSQL in `dataDir` on a random port in
 * 54000..54899. `close()` drops the database (`with (force)`) or stops the embedded cluster and
 * deletes its data directory.
 */
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedLog } from './embedded-postgres.ts';

export interface ScratchDatabaseOptions {
  /** Database name: lower-case letters, digits and `_` (it is written into SQL as an identifier). */
  name: string;
  /** `postgres://` URL of a server to create the database on; undefined for an embedded cluster. */
  serverUrl: string | undefined;
  /** Data directory of the embedded cluster (deleted on close); unused with `serverUrl`. */
  dataDir: string;
  log: EmbeddedLog;
}

export interface ScratchDatabase {
  /** `postgres://` URL of the scratch database. */
  url: string;
  /** Drops the database or stops the embedded cluster. */
  close(): Promise<void>;
}

/**
 * Creates the scratch database (see module doc).
 * @throws Error when the name is not a plain identifier, or from pg / the embedded cluster.
 */
export async function openScratchDatabase(options: ScratchDatabaseOptions): Promise<ScratchDatabase> {
  const { name, serverUrl } = options;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`scratch database: invalid name ${JSON.stringify(name)}`);
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      close: async () => {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: 54000 + Math.floor(Math.random() * 900),
    database: name,
    persistent: false,
    log: options.log,
  });
  return { url: embedded.url, close: () => embedded.stop() };
}
