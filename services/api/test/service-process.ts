/**
 * Runs the service as a real child process (`node src/server.ts`) on a database of the test
 * server, for tests where several processes share one database (realtime fan-out, jobs, replicas
 * under load, a replica killed mid-checkout).
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
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  pid: number;
  /** What the process wrote to stderr so far (its log at `LOG_LEVEL`, default warn). */
  stderr(): string;
  /** Whether the process has exited (stopped, killed or crashed). */
  exited(): boolean;
  /** Sends `signal` (default SIGKILL: no graceful shutdown) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the process gracefully (SIGTERM) unless it has exited, and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts one service process on `databaseUrl`, with `env` over the defaults below (e.g. `SEED:
 * 'if-empty'` on an empty database); resolves once `/api/health` answers 200.
 * @throws Error with the process's stderr when it exits first or is not healthy in `healthTimeoutMs` (default 60 s).
 */
export async function startServiceProcess(databaseUrl: string, env: Record<string, string> = {}, healthTimeoutMs = 60_000): Promise<ServiceProcess> {
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
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (exited()) return;
    const gone = once(child, 'exit');
    child.kill(signal);
    await gone;
  };
  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (exited()) throw new Error(`service process exited: ${stderr}`);
    const up = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`service process not healthy in ${healthTimeoutMs} ms: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    pid: child.pid!,
    stderr: () => stderr,
    exited,
    kill,
    stop: async () => {
      await kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
