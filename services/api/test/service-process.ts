/**
 * Runs the service as a real child process (`node src/server.ts`) on a database of the test
 * server, for tests where several processes share one database (realtime fan-out, jobs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServiceProcess {
  origin: string;
  stop(): Promise<void>;
}

/** Starts one service process on `databaseUrl`; resolves once `/api/health` answers 200. */
export async function startServiceProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prata-proc-'));
  const child: ChildProcess = spawn(process.execPath, ['src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED: 'never',
      DEMO_ACCOUNTS: 'false',
      JWT_SECRET: 'segredo-de-teste-compartilhado-entre-processos-0001',
      ENCRYPTION_KEY: 'chave-de-teste-compartilhada-entre-processos-00001',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service process exited: ${stderr}`);
    const up = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`service process not healthy in 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
