import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // The files share their worker's module graph: the service's imports (~3 s a file on this
    // machine) are loaded once per worker, not once per file, which took the suite from ~15.5 to
    // ~11.5 min. Each file still builds its own service on its own database (test/helpers.ts), and
    // a file that changes process-wide state (an environment variable) restores it (vi.stubEnv).
    isolate: false,
    // Two files at once by default (Vitest's default on 2 cores is one): a file's time is largely
    // waiting on PostgreSQL, the worker's and the database's work overlap. Measured on this 2-core
    // machine, the whole suite (880 tests): 7.1 min with two workers on an idle machine, against
    // about 12 min with one (idle; 15.6 min the same day with light work beside it). Each file
    // still has its own database, cloned from the template under an advisory lock
    // (test/helpers.ts). `npm test` runs the suite alone, after the e2e suite (scripts/test.ts);
    // `vitest run --maxWorkers=1` sets another count where other work runs beside it.
    maxWorkers: 2,
  },
});
