/**
 * Gives back to the `pg` pool the connections that die while checked out by a transaction.
 *
 * Kysely 0.29 (under MikroORM 7) releases a transaction's connection only after a successful
 * COMMIT or ROLLBACK; when the server goes away mid-transaction both fail and the connection
 * stays checked out forever (kysely-org/kysely#1990, open). Each database crash during
 * traffic then leaks up to `pool.max` connections: after a couple of outages the pool is
 * exhausted and the service never recovers, and `orm.close()` hangs on shutdown.
 *
 * The guard wraps `pool.connect()`: a checked-out client whose connection ends is released
 * with an error (pg-pool then discards it), and the client's `release` becomes idempotent so
 * a later release by Kysely is a no-op instead of pg-pool's "release called twice" error.
 */
import type { Pool, PoolClient } from 'pg';

const guarded = new WeakSet<Pool>();

/** Installs the guard on `pool` (once; MikroORM calls it through `driverOptions.onPoolCreated`). */
export function releaseDeadConnections(pool: Pool): void {
  if (guarded.has(pool)) return;
  guarded.add(pool);
  const checkedOut = new WeakMap<PoolClient, (error?: Error) => void>();
  const watched = new WeakSet<PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;

  const guardedConnect = async (...args: unknown[]): Promise<PoolClient | void> => {
    // The callback form is not used by Kysely; leave it untouched.
    if (args.length > 0) return (connect as unknown as (...a: unknown[]) => void)(...args);
    const client = await connect();
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      checkedOut.delete(client);
      release(error);
    };
    client.release = releaseOnce;
    checkedOut.set(client, releaseOnce);
    if (!watched.has(client)) {
      watched.add(client);
      client.on('end', () => checkedOut.get(client)?.(new Error('connection ended while checked out')));
    }
    return client;
  };
  pool.connect = guardedConnect as Pool['connect'];
}
