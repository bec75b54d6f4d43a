/**
 * `npm test`: every check of the repository, in order, stopping at the first stage that fails, with
 * the time of each stage (and of each lane of a stage) printed as it ends and a summary at the end.
 * The stages:
 * 1. every workspace's typecheck, build (with its byte budget) and unit tests, and the API's
 *    typecheck (Nx, two tasks at once where the graph allows); the API's integration suite waits
 *    for stage 4;
 * 2. the lint of the whole repository (one ESLint process), the type check of e2e, bench, docs
 *    and scripts, and the tests of the stage runner (scripts/stages.ts), at once;
 * 3. the Playwright suite against the built store;
 * 4. the API's integration suite (real PostgreSQL);
 * 5. the production topology's suite against `npm run preview:production`
 *    (playwright.preview.config.ts).
 * Exit code: the failing lane's, else 0.
 *
 * When a stage fails, the output of each failed Nx task is printed again after the summary (its
 * last FAILED_TASK_TAIL_LINES lines), so a CI log that keeps only its tail still says what failed
 * and why.
 */
import { FAILED_TASK_TAIL_LINES, failureOutputs, runStage, seconds, type Stage, type Step } from './stages.ts';

/**
 * Playwright shards of the e2e lane, run at once: each `playwright test --shard=i/n` process starts
 * a store of its own (ports shifted by `PRATA_E2E_PORT_OFFSET`, its own embedded PostgreSQL and data
 * directory), so the shards share nothing but the machine. One on a 2-core machine: two shards
 * there made the tests much slower (the axe walk of every route took 2.6 min a test),
 * as both stores, both browsers and the server renders share the two cores; `PRATA_E2E_SHARDS` sets more.
 */
const E2E_SHARDS = Number.parseInt(process.env.PRATA_E2E_SHARDS ?? '1', 10) || 1;
/** Port offset between shards (e2e/support/environment.ts: every port of a suite shifts by it). */
const E2E_SHARD_PORT_STEP = 100;

const nx = (...args: string[]): Step => ({ command: ['npx', 'nx', ...args, '--output-style=static'] });

/**
 * Stages run one after another.
 *
 * Why the e2e suite runs alone, and the API's integration suite after it: beside it, on one worker,
 * the API's suite saved little on a fast day (a clean clone, 2026-12-01 06:00: 28.4 min against
 * 29.6 min, unpaired). On a slow day (the same machine at 09:00-10:00, every test about twice as
 * slow) the e2e suite shared the cores with it and four e2e tests failed on time in three
 * rehearsals; alone, the e2e suite had passed on slow days (CI of 2026-11-30: 56 min). Alone on
 * an idle machine the API's suite takes about 7 min on two workers (services/api/vitest.config.ts).
 *
 * Why the production topology waits for the e2e suite: both edit the storefront's source (the
 * release specs build a version with another headline, e2e/support/releases.ts) and both build
 * (`npm run preview:production` starts with `nx run-many -t build`). Run at once, one suite reads
 * the other's edit: CI of 2026-12-01 failed so (the preview's release spec found the e2e suite's
 * headline in hero.tsx).
 */
const STAGES: Stage[] = [
  {
    name: 'workspaces: typecheck, build, unit tests',
    lanes: [{ name: 'nx', steps: [nx('run-many', '-t', 'typecheck', 'build', 'test', '--exclude=@prata/api'), nx('run', '@prata/api:typecheck')] }],
  },
  {
    name: "lint of the whole repository; typecheck: e2e, bench, docs, scripts; the stage runner's tests",
    lanes: [
      { name: 'tsc', steps: [{ command: ['npx', 'tsc', '-p', 'tsconfig.json'] }] },
      // One ESLint process for every package rather than each workspace's `lint` task: import-x
      // follows imports across packages (no-cycle, the layers' zones), so ten processes parsed the
      // shared packages ten times. Alone on this machine: 80 s for the packages, against about
      // 420 s of lint tasks in the workspaces stage (2026-12-01).
      { name: 'eslint', steps: [{ command: ['npx', 'eslint', '.'] }] },
      { name: 'stage runner', steps: [{ command: [process.execPath, '--test', 'scripts/*.test.ts'] }] },
    ],
  },
  {
    name: 'e2e: Playwright against the built store',
    lanes: Array.from({ length: E2E_SHARDS }, (_, index) => ({
      name: `e2e: playwright${E2E_SHARDS > 1 ? ` shard ${index + 1}/${E2E_SHARDS}` : ''}`,
      steps: [{ command: ['npx', 'playwright', 'test', `--shard=${index + 1}/${E2E_SHARDS}`], env: { PRATA_E2E_PORT_OFFSET: String(index * E2E_SHARD_PORT_STEP) } }],
    })),
  },
  {
    name: 'API integration (real PostgreSQL, two files at once)',
    lanes: [{ name: 'api', steps: [nx('run', '@prata/api:test')] }],
  },
  {
    name: 'production topology (npm run preview:production)',
    lanes: [{ name: 'preview', steps: [{ command: ['npx', 'playwright', 'test', '-c', 'playwright.preview.config.ts'] }] }],
  },
];

const done: { name: string; ms: number; ok: boolean }[] = [];
let exitCode = 0;
let failures: { task: string; tail: string }[] = [];
for (const stage of STAGES) {
  for (const [index, lane] of stage.lanes.entries()) {
    const label = stage.lanes.length > 1 ? ` [${index + 1}] ${lane.name}` : '';
    const steps = lane.steps.map(({ command, env }) => `${Object.entries(env ?? {}).map(([name, value]) => `${name}=${value} `).join('')}${command.join(' ')}`);
    console.log(`\n[test] ${stage.name}${label}: ${steps.join(' && ')}`);
  }
  const started = performance.now();
  const result = await runStage(stage);
  const ms = performance.now() - started;
  const ok = result.status === 0;
  done.push({ name: stage.name, ms, ok });
  if (result.results.length > 1) {
    for (const [index, { ms: laneMs, status }] of result.results.entries()) console.log(`[test] ${stage.name} [${index + 1}] ${stage.lanes[index]!.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(laneMs)}`);
  }
  console.log(`[test] ${stage.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
  if (!ok) {
    exitCode = result.status;
    failures = result.results.flatMap(({ status, output, failedStep }, index) => (status === 0 ? [] : failureOutputs(`${stage.name} [${index + 1}]: ${failedStep}`, output)));
    break;
  }
}
console.log('\n[test] stages:');
for (const stage of done) console.log(`[test]   ${stage.ok ? 'ok    ' : 'FAILED'} ${seconds(stage.ms).padStart(8)}  ${stage.name}`);
console.log(`[test]   total ${seconds(done.reduce((sum, stage) => sum + stage.ms, 0))}`);
for (const { task, tail } of failures) console.log(`\n[test] failed task ${task}, its last ${FAILED_TASK_TAIL_LINES} lines:\n${tail}`);
process.exit(exitCode);
