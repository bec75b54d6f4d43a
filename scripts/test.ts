/**
 * `npm test`: every check of the repository, in order, stopping at the first that fails, with the
 * time of each stage printed as it ends and a summary at the end (so a slow
 * stage shows). The stages:
 * 1. every workspace's lint, typecheck, build (with its byte budget) and unit/integration tests
 *    (Nx, in parallel where the graph allows);
 * 2. the type check of e2e, bench and docs code; 3. their lint;
 * 4. the Playwright suite against the built store; 5. the production topology's suite against
 *    `npm run preview:production` (playwright.preview.config.ts).
 * Exit code: the failing stage's, else 0.
 *
 * When the workspaces stage fails, the output of each failed Nx task is printed again after the
 * summary (its last FAILED_TASK_TAIL_LINES lines), so a CI log that keeps only its tail still
 * says what failed and why.
 */
import { spawn } from 'node:child_process';

const STAGES: { name: string; command: string[] }[] = [
  { name: 'workspaces: lint, typecheck, build, test', command: ['npx', 'nx', 'run-many', '-t', 'lint', 'typecheck', 'build', 'test', '--output-style=static'] },
  { name: 'typecheck: e2e, bench, docs', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'lint: e2e, bench, docs, scripts', command: ['npx', 'eslint', 'e2e', 'bench', 'docs', 'scripts', 'playwright.config.ts', 'playwright.preview.config.ts'] },
  { name: 'e2e: playwright', command: ['npx', 'playwright', 'test'] },
  { name: 'e2e: the production topology (npm run preview:production)', command: ['npx', 'playwright', 'test', '-c', 'playwright.preview.config.ts'] },
];

/** Lines of a failed task's output printed again at the end. */
const FAILED_TASK_TAIL_LINES = 120;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a stage with its output passed through and kept; resolves its exit code (1 when killed by a signal). */
function run(command: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['inherit', 'pipe', 'pipe'] });
    const chunks: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      chunks.push(chunk.toString());
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      chunks.push(chunk.toString());
    });
    child.on('close', (code) => resolve({ status: code ?? 1, output: chunks.join('') }));
  });
}

/**
 * The output blocks of the tasks Nx lists under 'Failed tasks:' in `output` (static output style:
 * each task's block starts with '> nx run <project>:<target>'), each cut to its last `lines` lines.
 */
function failedTaskOutputs(output: string, lines = FAILED_TASK_TAIL_LINES): { task: string; tail: string }[] {
  // eslint-disable-next-line no-control-regex -- Nx colours its output with ANSI escapes.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const [tasksOutput = '', failedList = ''] = plain.split(/^\s*Failed tasks:\s*$/m);
  const failed = [...failedList.matchAll(/^\s*-\s+(\S+:\S+)\s*$/gm)].map((m) => m[1]!);
  // The tasks' blocks end where Nx's summary starts.
  const blocks = tasksOutput.split(/^\s*NX\s+Running targets.* failed\s*$/m)[0]!.split(/^(?=> nx run \S+)/m);
  return failed.map((task) => {
    const block = blocks.filter((b) => b.startsWith(`> nx run ${task}`)).at(-1) ?? '(no output kept)';
    return { task, tail: block.trimEnd().split('\n').slice(-lines).join('\n') };
  });
}

const done: { name: string; ms: number; ok: boolean }[] = [];
let exitCode = 0;
let failures: { task: string; tail: string }[] = [];
for (const stage of STAGES) {
  console.log(`\n[test] ${stage.name}: ${stage.command.join(' ')}`);
  const started = performance.now();
  const result = await run(stage.command);
  const ms = performance.now() - started;
  const ok = result.status === 0;
  done.push({ name: stage.name, ms, ok });
  console.log(`[test] ${stage.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
  if (!ok) {
    exitCode = result.status;
    failures = failedTaskOutputs(result.output);
    break;
  }
}
console.log('\n[test] stages:');
for (const stage of done) console.log(`[test]   ${stage.ok ? 'ok    ' : 'FAILED'} ${seconds(stage.ms).padStart(8)}  ${stage.name}`);
console.log(`[test]   total ${seconds(done.reduce((sum, stage) => sum + stage.ms, 0))}`);
for (const { task, tail } of failures) console.log(`\n[test] failed task ${task}, its last ${FAILED_TASK_TAIL_LINES} lines:\n${tail}`);
process.exit(exitCode);
