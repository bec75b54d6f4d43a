/**
 * `npm test`: every check of the repository, in order, stopping at the first that fails, with the
 * time of each stage printed as it ends and a summary at the end (issue 25: "print the time of
 * each stage"). The stages:
 * 1. every workspace's lint, typecheck, build (with its byte budget) and unit/integration tests
 *    (Nx, in parallel where the graph allows);
 * 2. the type check of e2e, bench and docs code; 3. their lint;
 * 4. the Playwright suite against the built store.
 * Exit code: the failing stage's, else 0.
 */
import { spawnSync } from 'node:child_process';

const STAGES: { name: string; command: string[] }[] = [
  { name: 'workspaces: lint, typecheck, build, test', command: ['npx', 'nx', 'run-many', '-t', 'lint', 'typecheck', 'build', 'test', '--output-style=static'] },
  { name: 'typecheck: e2e, bench, docs', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'lint: e2e, bench, docs, scripts', command: ['npx', 'eslint', 'e2e', 'bench', 'docs', 'scripts', 'playwright.config.ts'] },
  { name: 'e2e: playwright', command: ['npx', 'playwright', 'test'] },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const done: { name: string; ms: number; ok: boolean }[] = [];
let exitCode = 0;
for (const stage of STAGES) {
  console.log(`\n[test] ${stage.name}: ${stage.command.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(stage.command[0]!, stage.command.slice(1), { stdio: 'inherit' });
  const ms = performance.now() - started;
  const ok = result.status === 0;
  done.push({ name: stage.name, ms, ok });
  console.log(`[test] ${stage.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
  if (!ok) {
    exitCode = result.status ?? 1;
    break;
  }
}
console.log('\n[test] stages:');
for (const stage of done) console.log(`[test]   ${stage.ok ? 'ok    ' : 'FAILED'} ${seconds(stage.ms).padStart(8)}  ${stage.name}`);
console.log(`[test]   total ${seconds(done.reduce((sum, stage) => sum + stage.ms, 0))}`);
process.exit(exitCode);
