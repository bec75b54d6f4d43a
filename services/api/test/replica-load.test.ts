/**
 * The two-replica load, short (the long one is `npm run bench:replicas`): two service processes on
 * one database (a copy of the suite's template), 3 s of catalogue browsing on both while 20
 * shoppers split over them race for the last 2 units of a piece. Exactly 2 orders, every other one
 * refused as out of stock, stock 0 and never below, no 5xx (replica-load.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from './helpers.ts';
import { invariantHolds, runReplicaLoad } from './replica-load.ts';

let database: Awaited<ReturnType<typeof createDatabase>>;

beforeAll(async () => {
  database = await createDatabase({ fromTemplate: true });
});
afterAll(async () => database?.drop());

it('sells the last units exactly once across two replicas under browsing load, with no 5xx', async () => {
  const figures = await runReplicaLoad({ databaseUrl: database.url, durationS: 3, browsersPerReplica: 8, buyers: 20, lastUnits: 2 });
  expect(figures.orders).toMatchObject({ attempted: 20, placed: 2, refused: 18, refusedCodes: ['409 insufficient_stock'], serverErrors: 0, stockLeft: 0 });
  expect(figures.browsing).toHaveLength(6);
  for (const route of figures.browsing) {
    expect(route.requests, route.route).toBeGreaterThan(0);
    expect([route.serverErrors, route.errors, route.non2xx], route.route).toEqual([0, 0, 0]);
  }
  expect(invariantHolds(figures)).toBe(true);
}, 120_000);
