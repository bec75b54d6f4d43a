/**
 * The runner of `npm test`'s stages (scripts/stages.ts), with real child processes (this Node
 * running small scripts): lanes run at once, a lane's steps in a row up to the first failure,
 * output prefixed per lane and kept, and what is printed again for a failed Nx run or command.
 * Run by `node --test scripts/*.test.ts` (the lint stage of scripts/test.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { failedTaskOutputs, failureOutputs, run, runStage, type Step } from './stages.ts';

/** A step running `code` in this Node. */
const script = (code: string): Step => ({ command: [process.execPath, '-e', code] });

/** Sinks that keep what is written to them. */
function sinks() {
  const kept = { stdout: '', stderr: '' };
  const sink = (name: 'stdout' | 'stderr') =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        kept[name] += chunk.toString();
        done();
      },
    });
  return { to: { stdout: sink('stdout'), stderr: sink('stderr') }, kept };
}

const scratch = () => mkdtempSync(path.join(os.tmpdir(), 'prata-stages-'));

test('the lanes of a stage run at once: a lane that waits for the other one to write a file sees it', async () => {
  const marker = path.join(scratch(), 'written');
  // Run one after another, the first lane would give up after 20 s and exit 3.
  const waits = script(`const fs = require('node:fs'); const end = Date.now() + 20000; const poll = () => fs.existsSync(${JSON.stringify(marker)}) ? process.exit(0) : Date.now() > end ? process.exit(3) : setTimeout(poll, 20); poll();`);
  const writes = script(`require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x')`);
  const { to } = sinks();
  const result = await runStage({ name: 'at once', lanes: [{ name: 'waits', steps: [waits] }, { name: 'writes', steps: [writes] }] }, to);
  assert.equal(result.status, 0);
  assert.deepEqual(
    result.results.map(({ status }) => status),
    [0, 0],
  );
});

test('a lane stops at its first failing step; the stage takes its exit code, the other lane still runs', async () => {
  const directory = scratch();
  const after = path.join(directory, 'after-failure');
  const other = path.join(directory, 'other-lane');
  const { to } = sinks();
  const result = await runStage(
    {
      name: 'one fails',
      lanes: [
        { name: 'failing', steps: [script("console.log('first step')"), script("console.log('second step'); process.exit(7)"), script(`require('node:fs').writeFileSync(${JSON.stringify(after)}, 'x')`)] },
        { name: 'passing', steps: [script(`require('node:fs').writeFileSync(${JSON.stringify(other)}, 'x')`)] },
      ],
    },
    to,
  );
  assert.equal(result.status, 7);
  const [failing, passing] = result.results;
  assert.equal(failing!.status, 7);
  assert.match(failing!.failedStep!, /process\.exit\(7\)/);
  assert.equal(failing!.output, 'first step\nsecond step\n');
  assert.equal(existsSync(after), false, 'the step after the failing one did not run');
  assert.equal(passing!.status, 0);
  assert.equal(passing!.failedStep, undefined);
  assert.equal(existsSync(other), true);
});

test("with several lanes each line passed through carries its lane's number, the last unended line too; one lane's output passes as it is", async () => {
  const printing = script("process.stdout.write('a\\nb'); process.stderr.write('oops\\n')");
  const two = sinks();
  await runStage({ name: 'two', lanes: [{ name: 'one', steps: [printing] }, { name: 'two', steps: [script("console.log('c')")] }] }, two.to);
  assert.deepEqual(two.kept.stdout.split('\n').filter(Boolean).sort(), ['[1] a', '[1] b', '[2] c']);
  assert.equal(two.kept.stderr, '[1] oops\n');

  const one = sinks();
  const result = await runStage({ name: 'one', lanes: [{ name: 'one', steps: [printing] }] }, one.to);
  assert.equal(one.kept.stdout, 'a\nb');
  assert.equal(one.kept.stderr, 'oops\n');
  assert.equal(result.results[0]!.output, 'a\nboops\n');
});

test('a command killed by a signal counts as exit code 1', async () => {
  const { to } = sinks();
  const result = await run([process.execPath, '-e', "process.kill(process.pid, 'SIGKILL')"], {}, '', to);
  assert.equal(result.status, 1);
});

test("a step's environment is added to the runner's", async () => {
  const { to, kept } = sinks();
  await run([process.execPath, '-e', 'console.log(process.env.PRATA_STAGE_TEST + ":" + typeof process.env.PATH)'], { PRATA_STAGE_TEST: 'lane' }, '', to);
  assert.equal(kept.stdout, 'lane:string\n');
});

// What Nx prints with --output-style=static when a task fails (colours included).
const NX_OUTPUT = [
  '> nx run @prata/contracts:build',
  '',
  'built',
  '',
  '> nx run @prata/shell:test',
  '',
  ' FAIL  src/app.test.ts > renders',
  'AssertionError: expected 1 to be 2',
  ' Test Files  1 failed (1)',
  '',
  '> nx run @prata/admin:typecheck',
  '',
  'src/x.ts(1,7): error TS2322',
  '',
  ' \u001b[31mNX\u001b[39m   Running targets typecheck, build, test for 9 projects failed',
  '',
  '   Tasks not run because their dependencies failed or --nx-bail=true:',
  '',
  '   Failed tasks:',
  '',
  '   - @prata/shell:test',
  '   - @prata/admin:typecheck',
  '',
].join('\n');

test("a failed Nx run: each failed task's own block, cut to its last lines, in Nx's order", () => {
  assert.deepEqual(failedTaskOutputs(NX_OUTPUT, 2), [
    { task: '@prata/shell:test', tail: 'AssertionError: expected 1 to be 2\n Test Files  1 failed (1)' },
    { task: '@prata/admin:typecheck', tail: '\nsrc/x.ts(1,7): error TS2322' },
  ]);
  assert.deepEqual(failureOutputs('stage [1]: npx nx run-many', NX_OUTPUT)[0]!.task, '@prata/shell:test');
});

test("a failed command that is not an Nx run with a task list: its own last lines, colours removed, under the lane's label", () => {
  const output = `${Array.from({ length: 130 }, (_, index) => `line ${index + 1}`).join('\n')}\n\u001b[31m1 failed\u001b[39m\n`;
  const [only, ...more] = failureOutputs('e2e [1]: npx playwright test', output);
  assert.equal(more.length, 0);
  assert.equal(only!.task, 'e2e [1]: npx playwright test');
  const lines = only!.tail.split('\n');
  assert.equal(lines.length, 120);
  assert.equal(lines[0], 'line 12');
  assert.equal(lines.at(-1), '1 failed');
});
