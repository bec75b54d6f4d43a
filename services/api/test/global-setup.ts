/**
 * Test database server for the whole run: `TEST_DATABASE_URL` or `DATABASE_URL` when set,
 * otherwise a throw-away embedded PostgreSQL (temp directory, a port the OS reports free, deleted afterwards).
 * Each test file then creates its own fresh database on it (test/helpers.ts), most of them as a
 * copy of the run's migrated and seeded template (test/template-database.ts).
 */
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { freePort } from './free-port.ts';
import { createTemplateDatabase, type TemplateDatabase } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a maintenance database on the test server (test files create their own DBs). */
    databaseServerUrl: string;
    /** The run's migrated and seeded database that test databases are cloned from. */
    templateDatabase: TemplateDatabase;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (external) {
    project.provide('databaseServerUrl', external);
    const { template, drop } = await createTemplateDatabase(external);
    project.provide('templateDatabase', template);
    return drop;
  }
  const parent = await mkdtemp(path.join(os.tmpdir(), 'prata-test-'));
  await chmod(parent, 0o755); // reachable by the postgres OS user when tests run as root
  const dataDir = path.join(parent, 'postgres');
  const port = await freePort();
  const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), debug: () => undefined };
  const embedded = await startEmbeddedPostgres({ dataDir, port, database: 'prata_test', persistent: false, log: quiet });
  project.provide('databaseServerUrl', embedded.url);
  try {
    const { template, drop } = await createTemplateDatabase(embedded.url);
    project.provide('templateDatabase', template);
    return async () => {
      await drop();
      await embedded.stop();
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
