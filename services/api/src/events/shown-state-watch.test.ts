/**
 * The shown-state watch's scheduling, without a database: checks asked while one runs make it
 * run once more (not once per ask, and not forever).
 */
import { describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ShownStateWatch } from './shown-state-watch.ts';

/** A watch whose reads are counted and held until released; its writes go nowhere. */
function watchWithReads() {
  let reads = 0;
  const held: (() => void)[] = [];
  const em = { fork: () => em, transactional: async () => ({ changes: [], records: [] }) } as unknown as EntityManager;
  const watch = new ShownStateWatch({
    namespace: 'test',
    em: () => em,
    events: { record: () => { throw new Error('no record expected'); }, publish: async () => undefined },
    read: async () => {
      reads += 1;
      await new Promise<void>((resolve) => held.push(resolve));
      return new Map();
    },
    record: () => [],
  });
  return { watch, reads: () => reads, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

describe('ShownStateWatch.check', () => {
  it('runs once more for any number of asks during a check, then stops', async () => {
    const { watch, reads, release } = watchWithReads();
    const first = watch.check();
    await new Promise((resolve) => setImmediate(resolve));
    const asks = [watch.check(), watch.check(), watch.check()];
    expect(reads()).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads()).toBe(2);
    release();
    await Promise.all([first, ...asks]);
    expect(reads()).toBe(2);
    // Nothing left running: a new ask starts a new check.
    const again = watch.check();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads()).toBe(3);
    release();
    await again;
  });
});
