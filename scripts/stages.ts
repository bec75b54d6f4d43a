/**
 * The runner of `npm test`'s stages (scripts/test.ts holds the stage table): a stage is lanes run
 * at once, a lane is steps (commands) run one after another and stops at its first failing step.
 * Each command's output is passed through (prefixed with its lane's number when a stage has
 * several lanes) and kept, so a failure's last lines can be printed again at the end
 * ({@link failureOutputs}). Times are ms. Tested by scripts/stages.test.ts (node --test).
 */
import { spawn } from 'node:child_process';

/** One command of a lane, with the environment it adds. */
export interface Step {
  command: string[];
  env?: Record<string, string>;
}

export interface Stage {
  name: string;
  /**
   * Lanes run at once (the stage fails when any fails); the steps of a lane run one after
   * another, and a lane stops at its first failing step. Each lane is named for the summary.
   */
  lanes: { name: string; steps: Step[] }[];
}

/** Lines of a failed task's output printed again at the end. */
export const FAILED_TASK_TAIL_LINES = 120;

/** `ms` as seconds with one decimal, e.g. '12.3 s'. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs a command with its output passed through to `to` (default: this process's stdout and
 * stderr) and kept; resolves its exit code (1 when killed by a signal). With `prefix`, each line
 * passed through is prefixed (lanes of one stage run at once), the last one too when it has no
 * line end.
 */
export function run(
  command: string[],
  env: Record<string, string> = {},
  prefix = '',
  to: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process,
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const chunks: string[] = [];
    const flushes: (() => void)[] = [];
    const pass = (sink: NodeJS.WritableStream) => {
      let partial = '';
      flushes.push(() => {
        if (partial) sink.write(`${prefix}${partial}\n`);
      });
      return (chunk: Buffer) => {
        chunks.push(chunk.toString());
        if (!prefix) return void sink.write(chunk);
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop()!;
        for (const line of lines) sink.write(`${prefix}${line}\n`);
      };
    };
    child.stdout.on('data', pass(to.stdout));
    child.stderr.on('data', pass(to.stderr));
    child.on('close', (code) => {
      for (const flush of flushes) flush();
      resolve({ status: code ?? 1, output: chunks.join('') });
    });
  });
}

/** One lane's outcome: the exit code of its failing step (else 0), the output of its steps and how long it ran. */
export interface LaneResult {
  status: number;
  /** The failing step's command line, when a step failed. */
  failedStep?: string;
  output: string;
  ms: number;
}

/** Runs a stage's lanes at once, each lane's steps in a row; the stage's status is the first failing lane's, else 0. */
export async function runStage(stage: Stage, to?: Parameters<typeof run>[3]): Promise<{ status: number; results: LaneResult[] }> {
  const several = stage.lanes.length > 1;
  const results = await Promise.all(
    stage.lanes.map(async ({ steps }, index) => {
      const started = performance.now();
      const outputs: string[] = [];
      for (const { command, env } of steps) {
        const result = await run(command, env, several ? `[${index + 1}] ` : '', to);
        outputs.push(result.output);
        if (result.status !== 0) return { status: result.status, failedStep: command.join(' '), output: outputs.join(''), ms: performance.now() - started };
      }
      return { status: 0, output: outputs.join(''), ms: performance.now() - started };
    }),
  );
  return { status: results.find((result) => result.status !== 0)?.status ?? 0, results };
}

/**
 * The output blocks of the tasks Nx lists under 'Failed tasks:' in `output` (static output style:
 * each task's block starts with '> nx run <project>:<target>'), each cut to its last `lines` lines.
 */
export function failedTaskOutputs(output: string, lines = FAILED_TASK_TAIL_LINES): { task: string; tail: string }[] {
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

/**
 * What to print again for a failed command: the failed Nx tasks' blocks, or, for a command that is
 * not an Nx run with a task list (a single `nx run`, tsc, eslint), its own last lines.
 */
export function failureOutputs(label: string, output: string): { task: string; tail: string }[] {
  const tasks = failedTaskOutputs(output);
  if (tasks.length > 0) return tasks;
  // eslint-disable-next-line no-control-regex -- colours of the tools' output.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  return [{ task: label, tail: plain.trimEnd().split('\n').slice(-FAILED_TASK_TAIL_LINES).join('\n') }];
}

