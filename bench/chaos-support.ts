/**
 * What the chaos bench's scenarios share (bench/chaos.ts): a scratch database on the PostgreSQL
 * server of `BENCH_DATABASE_URL` (default the development machines' 127.0.0.1:5432), made and
 * dropped per scenario, and a clock in ms since the scenario began. Orders are placed with
 * services/api/test/replicas.ts `placeOrder` (one Idempotency-Key, sent again while the store
 * cannot answer).
 */
import { randomUUID } from 'node:crypto';
import { openScratchDatabase } from '../services/api/src/database/scratch-database.ts';

/** The PostgreSQL server the scenarios make their databases on (a maintenance URL). */
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A logger that drops everything (embedded clusters, scratch databases). */
export const silentLog = { info: () => undefined, warn: () => undefined, debug: () => undefined };

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `run` with the URL of a new, empty database on {@link SERVER_URL}, dropped afterwards.
 * @throws what `run` throws, or pg's error when the database cannot be made.
 */
export async function withScratchDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `prata_chaos_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const database = await openScratchDatabase({ name, serverUrl: SERVER_URL, dataDir: '', log: silentLog });
  try {
    return await run(database.url);
  } finally {
    await database.close();
  }
}

/** ms since the clock was made. */
export function stopwatch(): () => number {
  const started = performance.now();
  return () => Math.round(performance.now() - started);
}

