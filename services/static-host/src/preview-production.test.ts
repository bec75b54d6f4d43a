/**
 * `npm run preview:production` as a user runs it: preview-production.ts as a real process in its
 * own process group (a terminal's foreground group), on a port block of its own and a temporary
 * data directory. Needs the apps built and an nginx binary (skipped without one).
 * - once it says the store is ready (and `/healthz` answers 200), Ctrl+C (SIGINT to the whole group) stops it with
 *   exit code 0 and leaves no process behind: no nginx, API replica or shell's host of its group,
 *   and no postgres (the embedded postmaster runs in a group of its own);
 * - a data directory it did not make is refused, and left as it was.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, until } from '../../api/test/processes.ts';
import { findNginx } from './nginx-process.ts';
import { previewLayout, REPO_ROOT } from './preview-topology.ts';

/** A port block of its own: clear of the e2e preview (26000), of `npm start` and of the ephemeral range (32768-60999) where an outgoing connection can hold a port. */
const PORT_BASE = 26_500;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-preview-test-'));
  await chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Starts the preview in a process group of its own; `output` collects what it prints. */
function startPreview(dataDir: string) {
  const child = spawn(process.execPath, ['services/static-host/src/preview-production.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PREVIEW_PORT_BASE: String(PORT_BASE), PREVIEW_DATA_DIR: dataDir, DATABASE_URL: '', CEP_LOOKUP_URL: 'off', LOG_LEVEL: 'warn' },
  });
  const output = { text: '' };
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  return { child, output, exited: once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]> };
}

/** True while any process of group `pgid` exists. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!findNginx())('npm run preview:production', () => {
  it('serves the store, then stops every unit on Ctrl+C and leaves no process behind', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const layout = previewLayout(PORT_BASE, dataDir);
    const preview = startPreview(dataDir);
    try {
      // It prints the store's URL once the shell's host answers /healthz with 200.
      await until(() => preview.output.text.includes(`production preview: ${layout.storeUrl}`) || preview.child.exitCode !== null, 'the preview says it is ready', 180_000);
      expect(preview.child.exitCode, preview.output.text).toBeNull();
      expect((await fetch(`${layout.storeUrl}/healthz`)).status).toBe(200);
      const postmaster = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      const nginxMasters = await Promise.all((await readdir(path.join(dataDir, 'nginx'))).map(async (unit) => Number(await readFile(path.join(dataDir, 'nginx', unit, 'nginx.pid'), 'utf8'))));
      expect(nginxMasters).toHaveLength(5);
      for (const pid of [postmaster, ...nginxMasters]) expect(alive(pid)).toBe(true);

      // Ctrl+C in a terminal: SIGINT to the whole foreground group.
      process.kill(-preview.child.pid!, 'SIGINT');
      const [code] = await preview.exited;
      expect(code, preview.output.text).toBe(0);
      await until(() => !groupAlive(preview.child.pid!) && !alive(postmaster), 'every process of the preview gone', 10_000);
      for (const pid of nginxMasters) expect(alive(pid)).toBe(false);
    } finally {
      if (groupAlive(preview.child.pid!)) process.kill(-preview.child.pid!, 'SIGKILL');
    }
  }, 240_000);

  it('refuses a data directory it did not make, and leaves it as it was', async () => {
    const dataDir = await tempDir();
    await writeFile(path.join(dataDir, 'notes.txt'), 'not the preview\'s');
    const preview = startPreview(dataDir);
    const [code] = await preview.exited;
    expect(code).toBe(1);
    expect(preview.output.text).toContain(`PREVIEW_DATA_DIR ${dataDir} is not empty and was not made by the preview`);
    expect(await readdir(dataDir)).toEqual(['notes.txt']);
  }, 60_000);
});
