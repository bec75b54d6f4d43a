/**
 * Replay on error and shoppers' reports, through the browser:
 * - with analytics consent (the `prata_consent` cookie, as the banner stores it), the shell loads
 *   the recorder when idle; an uncaught error's report is followed by its replay
 *   (`POST /api/errors/:eventId/replay` 201), and the developer sees it on the issue page as a
 *   player with the breadcrumbs as markers on its timeline; the shopper's text is masked;
 * - without consent, no recorder chunk is requested and an error goes without a replay;
 * - 'Relatar um problema' in the footer sends a report (with a real screenshot) that the developer
 *   sees in 'Relatos', linked to the error of the same visit.
 * Creates one admin (the developer; the cap is 3 for the whole suite) and frees the slot after.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createDeveloper, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { signInAsDeveloper } from './support/ui.ts';

const developer = { email: uniqueEmail('dev.replay'), password: 'Prata-Dev-2026!', fullName: 'Rita Replay E2E' };
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(async () => {
  await createDeveloper(developer);
});

test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
});

/** Analytics allowed, marketing not, chosen now (contracts/consent.ts: `v1.<a><m>.<epoch s>`). */
async function allowAnalytics(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'prata_consent', value: `v1.10.${Math.floor(Date.now() / 1000)}`, url: E2E.storeUrl }]);
}

/** Throws `message` outside any handler of the page (the shell reports it as `uncaught_error`). */
async function throwUncaught(page: Page, message: string): Promise<void> {
  await page.evaluate((text) => void setTimeout(() => {
    throw new Error(text);
  }), message);
}

test('an error with analytics consent is sent with its replay, played on the issue page with the breadcrumbs on its timeline', async ({ page, context }) => {
  await allowAnalytics(context);
  const recorder = page.waitForResponse((response) => /session-replay/.test(response.url()) && response.ok());
  await page.goto('/');
  await recorder;
  // Something to replay: a route change (a breadcrumb) with the shopper's page on screen.
  await page.getByRole('navigation', { name: 'Links rápidos' }).getByRole('link', { name: 'Produtos' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
  await page.waitForTimeout(1000); // a recording of more than an instant: the player has a timeline to mark
  const message = `Falha com gravação ${Date.now()}`;
  const replaySent = page.waitForResponse((response) => /\/api\/errors\/[^/]+\/replay$/.test(response.url()));
  await throwUncaught(page, message);
  expect((await replaySent).status()).toBe(201);

  await signInAsDeveloper(page, developer.email, developer.password);
  await page.goto('/developer/erros');
  await page.getByRole('link', { name: new RegExp(message) }).first().click();
  const event = page.getByTestId('issue-event').first();
  await event.getByRole('button', { name: 'Ver gravação da sessão' }).click();
  const player = event.getByTestId('replay-player');
  await expect(player.locator('.rr-player')).toBeVisible();
  await expect(player.locator('.rr-progress [title="navigation"], .rr-progress [title="click"]').first()).toBeAttached();
  // Masked by default: the recording shows no text of the page as the shopper saw it.
  await expect(player.locator('iframe').contentFrame().getByText('Links rápidos')).toHaveCount(0);
});

test('without consent nothing is recorded and an error goes without a replay', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/session-replay|\/replay$/.test(request.url())) chunks.push(request.url());
  });
  await page.goto('/');
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/errors'));
  await throwUncaught(page, `Falha sem consentimento ${Date.now()}`);
  expect((await reported).status()).toBe(202);
  await page.waitForTimeout(1000);
  expect(chunks).toEqual([]);
});

test("'Relatar um problema' in the footer sends a report the developer sees with the error of the same visit", async ({ page }) => {
  await page.goto('/');
  const message = `Falha antes do relato ${Date.now()}`;
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/errors'));
  await throwUncaught(page, message);
  await reported;

  await page.getByRole('contentinfo').getByRole('link', { name: 'Relatar um problema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Relatar um problema' });
  await dialog.getByLabel('O que aconteceu?').fill('A página de produtos travou depois de um clique.');
  await dialog.getByLabel('E-mail (opcional)').fill('cliente.relato@example.com');
  await dialog.getByLabel('Captura de tela (opcional)').setInputFiles({ name: 'tela.png', mimeType: 'image/png', buffer: PNG });
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/feedback'));
  await dialog.getByRole('button', { name: 'Enviar relato' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('Obrigado! Recebemos o seu relato.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await signInAsDeveloper(page, developer.email, developer.password);
  await page.goto('/developer/relatos');
  const entry = page.getByTestId('feedback-entry').filter({ hasText: 'A página de produtos travou depois de um clique.' });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('link', { name: 'cliente.relato@example.com' })).toBeVisible();
  await expect(entry.getByRole('link', { name: new RegExp(message) })).toBeVisible();
  await entry.getByRole('button', { name: 'Ver captura de tela' }).click();
  await expect(entry.getByRole('img', { name: 'Captura de tela enviada pelo cliente' })).toBeVisible();
});
