/**
 * `npm run openapi`: writes the API reference (the OpenAPI document that `GET /api/docs/json`
 * serves, plugins/api-docs.ts) to docs/api/openapi.json. The service is built exactly as it runs,
 * on a scratch database: the server at `DATABASE_URL` when set (a scratch database is created on
 * it), else a throw-away embedded PostgreSQL. test/openapi.test.ts fails when the committed file
 * no longer matches the routes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { openDatabase } from '../bootstrap/open-database.ts';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { openScratchDatabase } from '../database/scratch-database.ts';
import { openApiJson } from '../plugins/api-docs.ts';

/** Where the document is kept. */
export const OPENAPI_FILE = path.join(REPO_ROOT, 'docs/api/openapi.json');

const log = { info: () => undefined, warn: console.warn, debug: () => undefined };
const scratch = `prata_openapi_${randomUUID().slice(0, 8)}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), `${scratch}-`));

const scratchDatabase = await openScratchDatabase({ name: scratch, serverUrl: process.env.DATABASE_URL, dataDir: path.join(dataDir, 'postgres'), log });

try {
  const config = loadConfig({ DATABASE_URL: scratchDatabase.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_POLL_INTERVAL_MS: '0', SEED: 'never', API_DOCS: 'true' });
  const db = await openDatabase(config, log);
  try {
    const app = await buildApp({ config, orm: db.orm, storage: db.storage });
    await app.ready();
    await mkdir(path.dirname(OPENAPI_FILE), { recursive: true });
    await writeFile(OPENAPI_FILE, openApiJson(app));
    await app.close();
    console.log(`wrote ${path.relative(REPO_ROOT, OPENAPI_FILE)}`);
  } finally {
    await db.close();
  }
} finally {
  await scratchDatabase.close();
  await rm(dataDir, { recursive: true, force: true });
}
