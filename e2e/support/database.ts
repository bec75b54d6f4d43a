/** Direct SQL on the e2e store's database (to set content the pages must then show). */
import pg from 'pg';
import { E2E } from './environment.ts';

/** Runs one statement on the e2e database (or the one at `databaseUrl`) and returns its rows. */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(query: string, params: unknown[] = [], databaseUrl = E2E.databaseUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(query, params)).rows;
  } finally {
    await client.end();
  }
}
