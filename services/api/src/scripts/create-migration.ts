/**
 * `npm run db:migration:create [-- name]`: diffs the entities against the migrated schema of a
 * scratch database and writes a new migration into src/database/migrations/ (add it to the
 * list in migrations/index.ts). Uses `DATABASE_URL` when set (a scratch database is created on
 * that server), else a throw-away embedded PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { startEmbeddedPostgres } from '../database/embedded-postgres.ts';
import { ormConfig } from '../bootstrap/orm-config.ts';

const name = process.argv[2];
const log = { info: console.log, warn: console.warn, debug: () => undefined };
const scratch = `prata_migration_${randomUUID().slice(0, 8)}`;

let url: string;
let cleanup: () => Promise<void>;
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${scratch}`;
  url = u.toString();
  cleanup = async () => {
    await admin.query(`drop database ${scratch} with (force)`);
    await admin.end();
  };
} else {
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(os.tmpdir(), scratch),
    port: 54000 + Math.floor(Math.random() * 900),
    database: scratch,
    persistent: false,
    log,
  });
  url = embedded.url;
  cleanup = () => embedded.stop();
}

try {
  const orm = await MikroORM.init(ormConfig(url));
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, false, name);
  console.log(result.fileName ? `wrote ${result.fileName}` : 'no schema changes');
  await orm.close(true);
} finally {
  await cleanup();
}
