/**
 * The production preview the preview suite runs against (playwright.preview.config.ts starts it
 * with `npm run preview:production`): its layout (services/static-host/src/preview-topology.ts)
 * on the port base `PRATA_PREVIEW_PORT_BASE` (default 26000: store 26080, API proxy 26000, remotes
 * 26001-26004, replicas 127.0.0.1 and 127.0.0.2 on 26010) with the data directory the
 * configuration chose (`PRATA_PREVIEW_DATA_DIR`), and the helpers its specs share.
 */
import path from 'node:path';
import { embeddedUrlFor } from '../../services/api/src/database/embedded-postgres.ts';
import { DATABASE_NAME, previewLayout, toolEnv, type PreviewLayout } from '../../services/static-host/src/preview-topology.ts';
import { uniqueEmail, type StoreAccess } from '../support/accounts.ts';
import { sql } from '../support/database.ts';

/** The preview's port base. */
export const PREVIEW_PORT_BASE = Number.parseInt(process.env.PRATA_PREVIEW_PORT_BASE ?? '', 10) || 26_000;

/** The preview's units and URLs, with its data directory (set by the configuration, inherited by the workers). */
export function previewOf(dataDir = process.env.PRATA_PREVIEW_DATA_DIR ?? ''): PreviewLayout {
  return previewLayout(PREVIEW_PORT_BASE, dataDir);
}

export const PREVIEW = previewOf();

/** The preview's store for the account helpers: its API through the proxy, its embedded database. */
export const PREVIEW_STORE: StoreAccess = {
  apiUrl: PREVIEW.apiUrl,
  storeUrl: PREVIEW.storeUrl,
  get databaseUrl() {
    return embeddedUrlFor(path.join(PREVIEW.dataDir, 'postgres'), PREVIEW.ports.postgres, DATABASE_NAME);
  },
};

/** The environment of `npm run release | rollback` against the preview (its releases bucket, its running database). */
export const PREVIEW_TOOL_ENV = toolEnv(PREVIEW);

/** Runs one statement on the preview's database and returns its rows. */
export function previewSql<T extends Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  return sql<T>(query, params, PREVIEW_STORE.databaseUrl);
}

/**
 * A customer of the preview: signed up through the API, then confirmed in the database, since the
 * preview sends no e-mail (MAIL_DISABLED=true), so there is no confirmation link to follow.
 * @returns the e-mail.
 */
export async function previewCustomer(password: string): Promise<string> {
  const email = uniqueEmail('preview');
  const signUp = await fetch(`${PREVIEW.apiUrl}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, fullName: 'Cliente Prévia' }) });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const confirmed = await previewSql('update users set email_confirmed_at = now() where email = $1 returning id', [email]);
  if (confirmed.length !== 1) throw new Error(`no account ${email} to confirm`);
  return email;
}
