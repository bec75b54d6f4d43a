/**
 * `npm run create-owner -- --email dona@loja.com.br [--name 'Nome']`, then the password at the
 * prompt (not echoed), or piped on standard input (`printf '%s' "$PASSWORD" | npm run create-owner -- ...`).
 * Never on the command line: argv is visible to every local user
 * (`ps`) and lands in shell history, so `--password` is refused.
 * Creates the store owner's admin account, without the UI. The password must pass the panel
 * strength rule; an existing account of that e-mail gets it too (see AdminAccountsService.createOwner,
 * which also says which case applied).
 * Uses the same database as the service: DATABASE_URL, else the embedded one under DATA_DIR.
 * While the store runs, the command connects to the store's embedded PostgreSQL and leaves it
 * running; it never starts or stops a database another process owns (bootstrap/open-database.ts,
 * openDatabaseForTool).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { EmbeddedDatabaseInUseError } from '../database/embedded-postgres.ts';
import { openDatabaseForTool } from '../bootstrap/open-database.ts';
import { AdminAccountsService } from '../modules/identity/index.ts';
import { LogTransport, Mailer } from '../mail/mailer.ts';
import { systemClock } from '../lib/clock.ts';
import { reportCliError } from './cli-error.ts';

const USAGE = 'usage: npm run create-owner -- --email <email> [--name <full name>], then type the password (12+ characters: upper, lower, digit, special) or pipe it on standard input';
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string', default: 'Proprietário' } },
});
if (values.password !== undefined) {
  console.error('refusing --password: a password on the command line is visible to other users (ps) and kept in shell history. Type it at the prompt or pipe it on standard input.');
  process.exit(2);
}
if (!values.email) {
  console.error(USAGE);
  process.exit(2);
}

/** The password: typed at a prompt that echoes nothing (a terminal), else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const output = process.stdout;
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
      if (text.includes('Senha do proprietário')) output.write(text);
    };
    const answer = await new Promise<string>((resolve) => rl.question('Senha do proprietário: ', resolve));
    rl.close();
    output.write('\n');
    return answer;
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}
const password = await readPassword();
if (password.length < 12) {
  console.error(USAGE);
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
  const { summary } = await service.createOwner(db.orm.em.fork(), { email: values.email, password, fullName: values.name! });
  console.log(summary);
} catch (error) {
  reportCliError(error);
} finally {
  await db.close();
}
