/**
 * Chaos, measured (`npm run bench:chaos`): faults injected while the store works, and what the
 * shoppers and the database saw. Each scenario runs on a database of its own; the figures of the
 * scenarios run are printed as JSON and written to `bench/results/chaos.json` (the others keep
 * their last figures there), each with its broken promises (`problems`). Exits 1 when one broke a
 * promise (an order lost or duplicated, a payment applied twice, a job left undone, a 5xx other
 * than the database-down 503).
 *
 * - `replica-kill`: two replicas, 120 buyers with an Idempotency-Key each for 80 units; one
 *   replica SIGKILLed mid-checkout, buyers without an answer retry their key on the other
 *   (services/api/test/replica-kill.ts; its short version is replica-kill.test.ts in `npm test`);
 * - `postgres-restart`: PostgreSQL (an embedded cluster of the bench's own) stopped and started,
 *   then SIGKILLed, under order load (bench/chaos-postgres.ts);
 * - `killed-job`: the service process running a queue job SIGKILLed mid-job; another process
 *   finishes it after the queue's expiry (bench/chaos-jobs.ts);
 * - `upstream-cut`: the carrier (Melhor Envio) and the acquirer (Mercado Pago) unreachable for
 *   `--cut-seconds` (default 60) under order load, then back (bench/chaos-upstreams.ts).
 *
 * Options: `--only <name>[,<name>]` runs some scenarios; `--cut-seconds <n>` the upstream cut;
 * `--expire-seconds <n>` (default 10) and `--supervise-seconds <n>` (default 2) the queue's expiry
 * settings in `killed-job`. Database server: `BENCH_DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres); scratch databases are made and dropped.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { replicaKillFigures, replicaKillProblems, runReplicaKill } from '../services/api/test/replica-kill.ts';
import { killedJob, type KilledJobFigures } from './chaos-jobs.ts';
import { postgresRestart, type PostgresRestartFigures } from './chaos-postgres.ts';
import { upstreamCut, upstreamCutProblems } from './chaos-upstreams.ts';
import { withScratchDatabase } from './chaos-support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCENARIOS = ['replica-kill', 'postgres-restart', 'killed-job', 'upstream-cut'] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: SCENARIOS.join(',') },
    'cut-seconds': { type: 'string', default: '60' },
    'expire-seconds': { type: 'string', default: '10' },
    'supervise-seconds': { type: 'string', default: '2' },
  },
});
const only = values.only.split(',').map((name) => name.trim());
const unknown = only.filter((name) => !SCENARIOS.includes(name as Scenario));
if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.join(', ')}`);

/** What each scenario checked, as broken promises (none: []). */
function postgresProblems(f: PostgresRestartFigures): string[] {
  const o = f.orders;
  return [
    ...(o.acknowledgedMissing > 0 ? [`${o.acknowledgedMissing} acknowledged orders missing from the database`] : []),
    ...(o.duplicateKeys > 0 ? [`${o.duplicateKeys} keys with two orders`] : []),
    ...o.otherAnswers.map((answer) => `unexpected final answer ${answer}`),
    ...f.faults.filter((fault) => fault.firstSuccessAfterFaultMs === null).map((fault) => `no order placed after the ${fault.fault}`),
  ];
}

function jobProblems(f: KilledJobFigures): string[] {
  return [
    ...(f.stateAtKill !== 'active' ? [`the job was ${f.stateAtKill}, not active, at the kill`] : []),
    ...(!f.sent ? ['the message is not marked sent'] : []),
    ...(f.delivered !== 1 ? [`the shopper got ${f.delivered} copies`] : []),
  ];
}

// Scenarios not run this time keep their last figures in the results file.
const RESULTS = path.join(ROOT, 'bench/results/chaos.json');
const figures: Record<string, unknown> = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
const problems: Record<string, string[]> = {};
const run = async (name: Scenario, scenario: () => Promise<{ figures: unknown; problems: string[] }>) => {
  if (!only.includes(name)) return;
  const started = performance.now();
  const context = { date: new Date().toISOString(), machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown'}`, loadAverageAtStart: Number(os.loadavg()[0]!.toFixed(1)) };
  console.error(`chaos: ${name}...`);
  const result = await scenario();
  problems[name] = result.problems;
  figures[name] = { ...context, ...(result.figures as object), scenarioSeconds: Math.round((performance.now() - started) / 100) / 10, problems: result.problems };
  console.error(`chaos: ${name} ${result.problems.length === 0 ? 'ok' : `FAILED: ${result.problems.join('; ')}`}`);
};

await run('replica-kill', () =>
  withScratchDatabase(async (databaseUrl) => {
    const kill = await runReplicaKill({ databaseUrl, buyers: 120, stock: 80, staggerMs: 25, killAfterAnswers: 40, acquirerDelayMs: 600 });
    return { figures: { setup: kill.setup, phasesMs: kill.phasesMs, ...replicaKillFigures(kill) }, problems: replicaKillProblems(kill) };
  }),
);
await run('postgres-restart', async () => {
  const f = await postgresRestart({ workers: 4, recoverMs: 3000, downMs: 2000 });
  return { figures: f, problems: postgresProblems(f) };
});
await run('killed-job', async () => {
  const f = await killedJob({ expireSeconds: Number(values['expire-seconds']), superviseIntervalSeconds: Number(values['supervise-seconds']) });
  return { figures: f, problems: jobProblems(f) };
});
await run('upstream-cut', async () => {
  const f = await upstreamCut({ cutSeconds: Number(values['cut-seconds']) });
  return { figures: f, problems: upstreamCutProblems(f) };
});

console.log(JSON.stringify(Object.fromEntries(Object.keys(problems).map((name) => [name, figures[name]])), null, 2));
writeFileSync(RESULTS, `${JSON.stringify(figures, null, 2)}\n`);
const failed = Object.values(problems).some((list) => list.length > 0);
console.error(failed ? 'chaos: FAILED' : 'chaos: every scenario kept its promises');
process.exit(failed ? 1 : 0);
