import { availableParallelism } from 'node:os';
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
    // Two files at once at least: Vitest's default (cores - 1) is one on a 2-core machine, where a
    // file waits on PostgreSQL much of its time and the second core stayed idle (the suite was the
    // last and longest task of `npm test`'s first stage).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
