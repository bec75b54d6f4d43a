/**
 * Test helpers: a fresh, migrated and seeded database per call on the run's test server, and
 * the service built on it exactly as server.ts builds it (real ORM, real storage on disk).
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type OpenDatabase } from '../src/bootstrap/open-database.ts';
import type { Clock } from '../src/lib/clock.ts';
import { databaseUrl } from './template-database.ts';

export const silentLog = { info: () => undefined, warn: () => undefined, debug: () => undefined };

/** Advisory lock key serialising copies of the template (a copy fails while another reads it). */
const TEMPLATE_COPY_LOCK = 925_001;

/**
 * Creates a database on the test server: empty, or with `fromTemplate` a copy of the run's
 * migrated and seeded template (test/template-database.ts). Returns its URL and a drop function.
 */
export async function createDatabase(options: { fromTemplate?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('databaseServerUrl');
  const name = `prata_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (options.fromTemplate) {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_COPY_LOCK]);
    try {
      await admin.query(`create database ${name} template ${inject('templateDatabase').name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_COPY_LOCK]);
    }
  } else {
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestService {
  app: FastifyInstance;
  db: OpenDatabase;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** A clock tests move by hand. */
export class TestClock implements Clock {
  private t: number;

  constructor(start = Date.now()) {
    this.t = start;
  }

  now(): Date {
    return new Date(this.t);
  }

  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * Variables that change what migrating and seeding leave behind (the catalogue, where its images
 * are stored): a service built with one of them starts from an empty database instead of the template.
 */
const SEEDING_VARIABLES = /^(SEED|STORAGE.*|DATA_DIR)$/;

/**
 * Builds the service on a fresh database: a copy of the run's migrated and seeded template (with a
 * copy of its stored images), or an empty database that the service migrates and seeds itself
 * when `env` sets a variable that changes seeding. `env` overrides configuration variables; `logger`
 * replaces the service's own (silent) logger, for tests that read what it logs.
 */
export async function createTestService(env: Record<string, string> = {}, clock?: Clock, logger?: FastifyBaseLogger): Promise<TestService> {
  const fromTemplate = !Object.keys(env).some((name) => SEEDING_VARIABLES.test(name));
  const database = await createDatabase({ fromTemplate });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prata-svc-'));
  if (fromTemplate) await cp(inject('templateDatabase').storageDir, path.join(dataDir, 'storage'), { recursive: true });
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    TOTP_RATE_LIMIT_PER_MINUTE: '10000',
    JOBS_POLL_INTERVAL_MS: '0',
    // No synthetic checks of the default store URLs from other tests' ticks (test/uptime.test.ts turns them on).
    UPTIME_CHECK_INTERVAL_MS: '0',
    ...env,
  });
  const db = await openDatabase(config, silentLog);
  const app = await buildApp({ config, orm: db.orm, storage: db.storage, ...(clock ? { clock } : {}) }, logger);
  await app.ready();
  return {
    app,
    db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
