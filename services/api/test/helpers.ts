/**
 * Test helpers: a fresh, migrated and seeded database per call on the run's test server, and
 * the service built on it exactly as server.ts builds it (real ORM, real storage on disk).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { openDatabase, type OpenDatabase } from '../src/bootstrap/open-database.ts';
import type { Clock } from '../src/lib/clock.ts';

export const silentLog = { info: () => undefined, warn: () => undefined, debug: () => undefined };

/** Creates an empty database on the test server; returns its URL and a drop function. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('databaseServerUrl');
  const name = `prata_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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

/** Builds the service on a fresh database. `env` overrides configuration variables. */
export async function createTestService(env: Record<string, string> = {}, clock?: Clock): Promise<TestService> {
  const database = await createDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prata-svc-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    TOTP_RATE_LIMIT_PER_MINUTE: '10000',
    JOBS_POLL_INTERVAL_MS: '0',
    ...env,
  });
  const db = await openDatabase(config, silentLog);
  const app = await buildApp({ config, orm: db.orm, storage: db.storage, ...(clock ? { clock } : {}) });
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
