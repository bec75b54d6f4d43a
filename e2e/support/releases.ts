/**
 * Releasing the storefront from a spec as a developer would: `npm run release|rollback|releases`
 * (tools/release) against the running e2e store's database and deploy directory, each command in a
 * process group of its own; the storefront sources specs change to build another version, and the
 * clean-up after a failed test (a timeout does not wait for the test's `finally`): its release
 * commands killed with their builds, the sources written back, the storefront rolled back to its
 * bootstrap build, so a failure stays one failure instead of publishing a canary under the next tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { E2E } from './environment.ts';
import { hostFollowsRegistry } from './registry.ts';

/** The release commands running now (killed, with their builds, when a test fails before they end). */
const running = new Set<ChildProcess>();

/**
 * Runs `node <args>` in a process group of its own (its build's rspack included); resolves its
 * output, rejects with an error carrying `code`, `stdout` and `stderr` when it exits non-zero.
 */
export function run(args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...(cwd ? { cwd } : {}) });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      if (code === 0) resolve({ stdout, stderr });
      else reject(Object.assign(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr}`), { code, stdout, stderr }));
    });
  });
}

/** The storefront's home hero, whose headline the specs change to build a visibly different version. */
export const HERO = path.resolve('mf-storefront/src/features/home/components/hero.tsx');
export const OLD_TEXT = 'Joias que acompanham a sua história';
export const NEW_TEXT = 'Prata que conta a sua história';

/** The storefront's home page, whose featured products (hydrated, unlike the hero) a spec gives buttons of its own. */
export const HOME = path.resolve('mf-storefront/src/app/routes/home.tsx');

/** Source files the specs change (each restores its own in `finally`). */
const TOUCHED_SOURCES = [HERO, HOME, path.resolve('mf-storefront/package.json'), path.resolve('mf-storefront/src/app/remote-module.ts'), path.resolve('services/contracts/src/catalogue.ts')];
/** Their contents as the spec found them. */
const pristine = new Map<string, string>();

/** Remembers the sources' contents (a spec's `beforeAll`). */
export async function rememberSources(): Promise<void> {
  for (const file of TOUCHED_SOURCES) pristine.set(file, await readFile(file, 'utf8'));
}

/** Runs `npm run <command> -- <args>` (the script npm runs) against the e2e store; returns stdout. */
export async function releaseCommand(command: 'release' | 'rollback' | 'releases', ...args: string[]): Promise<string> {
  const { stdout } = await run(['tools/release/src/release-cli.ts', command, ...args], {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: process.env.PRATA_E2E_DATA_DIR!,
    EMBEDDED_PG_PORT: String(E2E.pgPort),
    PORT: String(E2E.ports.shell),
    REMOTE_STOREFRONT_URL: `http://127.0.0.1:${E2E.ports.storefront}`,
    REMOTE_CHECKOUT_URL: `http://127.0.0.1:${E2E.ports.checkout}`,
    REMOTE_ADMIN_URL: `http://127.0.0.1:${E2E.ports.admin}`,
    REMOTE_DEVTOOLS_URL: `http://127.0.0.1:${E2E.ports.devtools}`,
  });
  // A release or a rollback reaches the shell's host by the service's release event: its next pages follow.
  if (command !== 'releases') await hostFollowsRegistry();
  return stdout.trim();
}

/**
 * Rolls the storefront back to the bootstrap build for the rest of the suite: a rollback goes to
 * the release published before the active one, so it takes as many steps as releases the suite
 * published before (each spec's builds count); rollback refuses once the bootstrap entry serves.
 */
export async function backToBootstrap(): Promise<void> {
  for (let step = 0; step < 20; step += 1) {
    if (!(await releaseCommand('rollback', 'storefront').then(() => true, () => false))) break;
  }
  const registry = (await (await fetch(`${E2E.apiUrl}/api/remotes`)).json()) as { name: string; bootstrap?: boolean }[];
  if (registry.find((entry) => entry.name === 'storefront')?.bootstrap !== true) throw new Error('the storefront is not back on its bootstrap entry');
}

/** A spec's `afterEach`: after a failed test, kills its commands, writes the sources back and rolls the storefront back. */
export async function cleanUpAfterFailure(testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  running.clear();
  for (const [file, contents] of pristine) {
    if ((await readFile(file, 'utf8')) !== contents) await writeFile(file, contents);
  }
  await backToBootstrap();
}
