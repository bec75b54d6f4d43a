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
import { openScratchDatabase } from '../database/scratch-database.ts';
import { ormConfig } from '../bootstrap/orm-config.ts';

const name = process.argv[2];
const log = { info: console.log, warn: console.warn, debug: () => undefined };
const scratch = `prata_migration_${randomUUID().slice(0, 8)}`;

const scratchDatabase = await openScratchDatabase({ name: scratch, serverUrl: process.env.DATABASE_URL, dataDir: path.join(os.tmpdir(), scratch), log });

try {
  const orm = await MikroORM.init(ormConfig(scratchDatabase.url));
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, false, name);
  console.log(result.fileName ? `wrote ${result.fileName}` : 'no schema changes');
  await orm.close(true);
} finally {
  await scratchDatabase.close();
}
