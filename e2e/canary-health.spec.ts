/**
 * A canary judged by its shoppers, with a real build and real browsers:
 * - the storefront is built with a new headline (the hero, server markup only) and, in the home
 *   page's featured products (hydrated), a slow interaction (a click handler that holds the main
 *   thread for 400 ms) and a button whose click handler asks the API for a product that does not
 *   exist and, after that `await`, throws an error naming that call's trace (an unhandled
 *   rejection of the remote's own script, loaded from its origin: reported only because remote
 *   scripts load in CORS mode, whose errors are not muted), and released as a 50 % canary;
 * - fresh shoppers who allowed analytics (so the canary keeps them and their Web Vitals count) open
 *   `/`: on the canary they use the slow interaction, on the stable version they click the headline;
 *   their pages hide and send their Web Vitals; one shopper on the canary clicks the failing button;
 * - the canary guard rolls the canary back by those Web Vitals (the recorded p75 INP of the canary
 *   past the stable version's), with no one's hand;
 * - the developer reads that error in its original source (the home page's line, from the maps the
 *   release uploaded), plays the shopper's recording, and follows the failed call to its SQL
 *   (a simple GET sent without `traceparent`: its trace came back in `traceresponse`).
 * The e2e store counts a version's speed from CANARY_MIN_VITALS_SESSIONS (4) clients, and trusts
 * X-Forwarded-For from loopback (TRUST_PROXY), so each shopper here comes from an address of its own.
 * Creates one developer (the admin cap is 3 for the whole suite) and frees the slot after.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { createDeveloper, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { backToBootstrap, cleanUpAfterFailure, HERO, HOME, NEW_TEXT, OLD_TEXT, releaseCommand, rememberSources } from './support/releases.ts';
import { signInAsDeveloper } from './support/ui.ts';

const developer = { email: uniqueEmail('dev.canario'), password: 'Prata-Dev-2026!', fullName: 'Carla Canário E2E' };
/** Clients with Web Vitals each version needs before the guard compares them (playwright.config.ts). */
const MIN_VITALS_CLIENTS = 4;
/** ASCII: the message is searched for on the developer's issue list. */
const FAULT = 'Falha real do canario E2E';
const SLOW = 'Interação lenta';

test.beforeAll(async () => {
  await rememberSources();
  await createDeveloper(developer);
});
test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
});
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from its first parameter's pattern: none here
test.afterEach(async ({}, testInfo) => cleanUpAfterFailure(testInfo));

/**
 * The canary's home page source: in the featured products (hydrated), the slow interaction and a
 * button whose async click handler asks the API for a product that does not exist and, after the
 * `await`, throws an error of its own naming that call's trace (the fault on a line of its own).
 */
function canaryHome(original: string): string {
  const slow = `<button type="button" onClick={() => { const end = performance.now() + 400; while (performance.now() < end); }}>${SLOW}</button>`;
  const failing = `<button type="button" onClick={async () => {
        const traceId = await apiRequest('/api/products/by-slug/canario-sem-produto', productSchema, { auth: false }).then(() => undefined, (error: unknown) => (error as { traceId?: string }).traceId);
        throw Object.assign(new Error('${FAULT}'), { traceId });
      }}>Falha real</button>`;
  const anchors = ['{isAdmin ? <RemoteWidget remote="admin" module="ProductManager" /> : null}', "import { Suspense } from 'react';"];
  for (const anchor of anchors) if (!original.includes(anchor)) throw new Error(`home.tsx no longer has '${anchor}', which this spec builds on`);
  return original
    .replace(anchors[1]!, "import { Suspense } from 'react';\nimport { productSchema } from '@prata/contracts/catalogue';\nimport { apiRequest } from '../../lib/api-client.ts';")
    .replace(anchors[0]!, `${anchors[0]}\n      ${slow}\n      ${failing}`);
}

let visits = 0;

/**
 * One fresh shopper who allowed analytics (not marketing) on `/`: the slow interaction on the
 * canary, a click on the headline on the stable version, then `also` (with the page and whether it
 * is the canary's, and the recorder's first answer), then the page hides and its Web Vitals go out.
 * @returns whether the page was the canary's.
 */
async function visit(browser: Browser, also?: (page: Page, onCanary: boolean, recorder: Promise<Response>) => Promise<void>): Promise<boolean> {
  // Each shopper from an address of its own (TEST-NET-2, forwarded as a proxy would: the e2e store
  // trusts loopback proxies): a canary counts at most 5 clients per address.
  visits += 1;
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${visits}` } });
  await context.addCookies([{ name: 'prata_consent', value: `v1.10.${Math.floor(Date.now() / 1000)}`, url: E2E.storeUrl }]);
  const page = await context.newPage();
  const recorder = page.waitForResponse((response) => /session-replay/.test(response.url()) && response.ok());
  recorder.catch(() => undefined);
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.interactive !== undefined);
  const onCanary = (await page.getByRole('heading', { level: 1 }).first().textContent())!.includes(NEW_TEXT);
  if (onCanary) await page.getByRole('button', { name: SLOW }).click();
  else await page.getByRole('heading', { level: 1 }).first().click();
  await also?.(page, onCanary, recorder);
  const vitals = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/vitals');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await vitals;
  await context.close();
  return onCanary;
}

test("a canary slower for its shoppers is rolled back by their Web Vitals; an error its built code throws is read in its source, with the shopper's recording and its API call's trace", async ({ browser, page }) => {
  // A storefront build and about 15 fresh browsers: ~2.5 min on an idle 2-core machine.
  test.setTimeout(360_000);
  const [originalHero, originalHome] = [await readFile(HERO, 'utf8'), await readFile(HOME, 'utf8')];
  const home = canaryHome(originalHome);
  const faultLine = home.split('\n').findIndex((line) => line.includes(FAULT)) + 1;
  expect(faultLine).toBeGreaterThan(0);
  const started = new Date();
  try {
    await writeFile(HERO, originalHero.replace(OLD_TEXT, NEW_TEXT));
    await writeFile(HOME, home);
    const canary = await releaseCommand('release', 'storefront', '--canary', '50', '--notes', 'canário lento');
    await writeFile(HERO, originalHero);
    await writeFile(HOME, originalHome);

    const sides = { canary: 0, stable: 0 };
    let faulted = false;
    for (let i = 0; i < 30 && (sides.canary < MIN_VITALS_CLIENTS || sides.stable < MIN_VITALS_CLIENTS || !faulted); i += 1) {
      const onCanary = await visit(browser, async (shopper, canaryPage, recorder) => {
        if (!canaryPage || faulted) return;
        // The recorder (loaded when idle, analytics allowed) holds what the shopper did; the error's report takes it along.
        await recorder;
        const replay = shopper.waitForResponse((response) => /\/api\/errors\/[^/]+\/replay$/.test(response.url()));
        await shopper.getByRole('button', { name: 'Falha real' }).click();
        expect((await replay).status()).toBe(201);
        faulted = true;
      });
      sides[onCanary ? 'canary' : 'stable'] += 1;
    }
    expect(sides.canary).toBeGreaterThanOrEqual(MIN_VITALS_CLIENTS);
    expect(sides.stable).toBeGreaterThanOrEqual(MIN_VITALS_CLIENTS);
    expect(faulted).toBe(true);

    // The guard (every 15 s) rolls the canary back by its shoppers' Web Vitals.
    type Rollback = { metric: string; canary: { version: string; inpP75: number | null }; stable: { inpP75: number | null } };
    const rollback = async () =>
      (await sql<{ details: Rollback }>(`select details from admin_logs where action = 'remote_canary_rolled_back' and created_at >= $1 order by created_at desc limit 1`, [started]))[0]?.details ?? null;
    const samples = async () =>
      JSON.stringify(
        await sql(
          `select version, metric, count(*)::int as samples, count(canary_client)::int as with_token, round(percentile_cont(0.75) within group (order by value))::int as p75
           from web_vital_samples where app = 'storefront' and occurred_at >= $1 group by version, metric order by version, metric`,
          [started],
        ),
      );
    await expect.poll(rollback, { timeout: 60_000, intervals: [2_000], message: `no rollback; the Web Vitals since the canary: ${await samples()}` }).not.toBeNull();
    const { metric, canary: slow, stable } = (await rollback())!;
    expect(['LCP', 'INP']).toContain(metric);
    expect(slow.version).toBe(canary);
    // Whichever metric crossed first, the figures recorded are the shoppers' own: the canary's
    // slow interaction (400 ms of work) against a click on text.
    expect(slow.inpP75).toBeGreaterThanOrEqual(400);
    expect(stable.inpP75).not.toBeNull();
    expect(stable.inpP75!).toBeLessThan(slow.inpP75! / 2);
    expect(await sql(`select 1 from remote_canaries where remote = 'storefront'`)).toEqual([]);

    // The developer reads the error in the home page's source, plays the recording and follows the call to its SQL.
    await signInAsDeveloper(page, developer.email, developer.password);
    await page.goto(`/developer/erros?status=&q=${encodeURIComponent(FAULT)}`);
    await page.getByTestId('issue-row').first().getByRole('link').click();
    const event = page.getByTestId('issue-event').first();
    const topFrame = event.getByTestId('stack-frame').first();
    await expect(topFrame).toContainText(new RegExp(`routes/home\\.tsx:${faultLine}:`));
    await expect(topFrame).toContainText('código original');
    await event.getByRole('button', { name: 'Ver gravação da sessão' }).click();
    await expect(event.getByTestId('replay-player').locator('.rr-player')).toBeVisible();
    await event.getByRole('button', { name: 'Ver trace da requisição' }).click();
    await expect(page.getByTestId('trace-span').filter({ hasText: 'pg.query' }).first()).toBeVisible();
  } finally {
    await writeFile(HERO, originalHero);
    await writeFile(HOME, originalHome);
    await backToBootstrap();
  }
});
