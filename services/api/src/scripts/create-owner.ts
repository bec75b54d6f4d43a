/**
 * `npm run create-owner -- --email dona@loja.com.br --password '...' [--name 'Nome']`
 * Creates the store owner's admin account, without the UI. The password must pass the panel
 * strength rule; an existing account of that e-mail gets it too (see AdminAccountsService.createOwner,
 * which also says which case applied).
 * Uses the same database as the service: DATABASE_URL, else the embedded one under DATA_DIR.
 * While the store runs, the command connects to the store's embedded PostgreSQL and leaves it
 * running; it never starts or stops a database another process owns (database/index.ts,
 * openDatabaseForTool).
 */
import { parseArgs } from 'node:util';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { EmbeddedDatabaseInUseError } from '../database/embedded-postgres.ts';
import { openDatabaseForTool } from '../database/index.ts';
import { AdminAccountsService } from '../modules/identity/admin-accounts.service.ts';
import { LogTransport, Mailer } from '../modules/mail/mailer.ts';
import { systemClock } from '../lib/clock.ts';
import { reportCliError } from './cli-error.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string', default: 'Proprietário' } },
});
if (!values.email || !values.password || values.password.length < 12) {
  console.error('usage: npm run create-owner -- --email <email> --password <12+ characters: upper, lower, digit, special> [--name <full name>]');
  process.exit(2);
}
process.chdir(REPO_ROOT);
const config = loadConfig({ ...process.env, SEED: 'never' });
const log = { info: () => undefined, warn: (m: string) => console.warn(m), debug: () => undefined };
const db = await openDatabaseForTool(config, log).catch((error: unknown) => {
  console.error(`could not open the database: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof EmbeddedDatabaseInUseError) console.error('it is not accepting connections right now (the store may be restarting it): try again in a few seconds');
  process.exit(1);
});
if (db.attachedTo) console.log(`using the running store's database (PostgreSQL pid ${db.attachedTo})`);
try {
  const mailer = new Mailer(new LogTransport({ info: () => undefined }), config.storeName);
  const service = new AdminAccountsService(mailer, systemClock, config.shellUrl, config.storeName);
  const { summary } = await service.createOwner(db.orm.em.fork(), { email: values.email, password: values.password, fullName: values.name! });
  console.log(summary);
} catch (error) {
  reportCliError(error);
} finally {
  await db.close();
}
