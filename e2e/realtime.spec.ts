/**
 * Realtime, error capture, notifications, system status and QA in the browser:
 * - an error thrown in a shopper's page appears on two developers' dashboards (other browser
 *   contexts) pushed over the socket (neither asks for the list again), and 'Resolver' in one
 *   updates both;
 * - a customer's order raises the admin's bell in another context without reload, and the
 *   dashboard's 'Pedidos aguardando pagamento' counts it without reload (live lists);
 * - the status panel shows ERRO for storage when the bucket folder cannot be written;
 * - QA finds a planted problem, and none once the store is clean;
 * - one bug reported three times from a real position of the storefront's built chunk is
 *   one issue in 'Erros', whose top frame is the original .tsx file and line (the build's hidden
 *   source maps, imported at start); resolved, then reported by a newer version, it reopens as a
 *   regression; a page load's Web Vitals show under the storefront's version in 'Saúde'.
 * Creates one admin (a developer; the cap is 3 for the whole suite) and frees the slot after.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatBRL } from '@prata/contracts';
import { createDeveloper, uniqueEmail } from './support/accounts.ts';
import { createConfirmedCustomer } from './support/customers.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { createProduct, tableFreight } from './support/shop.ts';
import { signInAsAdmin, signInAsDeveloper } from './support/ui.ts';

const developer = { email: uniqueEmail('dev.realtime'), password: 'Prata-Dev-2026!', fullName: 'Rita Realtime E2E' };

test.beforeAll(async () => {
  await createDeveloper(developer);
});
test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
});

async function developerDashboard(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsDeveloper(page, developer.email, developer.password);
  await expect(page.getByTestId('realtime-status')).toHaveText('Realtime Ativo');
  return page;
}

test("an error in a shopper's page reaches the developers' dashboards live; 'Resolver' updates both", async ({ browser }) => {
  // Two developers sign in and a shopper opens the catalogue: past the default budget on a busy 2-core machine.
  test.setTimeout(90_000);
  const first = await developerDashboard(browser);
  const second = await developerDashboard(browser);
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/produtos');
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();

  const message = `Falha de teste ${randomUUID()}`;
  const reported = shopper.waitForRequest((request) => new URL(request.url()).pathname === '/api/errors');
  await shopper.evaluate((text) => {
    setTimeout(() => {
      throw new TypeError(text);
    }, 0);
  }, message);
  await reported;
  const reportedAt = Date.now();
  const entryOn = (page: Page) => page.getByTestId('system-error').filter({ hasText: message });
  // Pushed over the socket: neither dashboard asks for the list again (GET /api/developer/errors)
  // before the entry shows on it.
  const listReads = [first, second].map((page) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/developer/errors') reads.push(request.url());
    });
    return reads;
  });
  const seenAfter = await Promise.all(
    [first, second].map(async (page) => {
      await entryOn(page).waitFor({ state: 'visible' });
      return Date.now() - reportedAt;
    }),
  );
  expect(listReads).toEqual([[], []]);
  console.log(`error visible on the dashboards ${seenAfter.join(' and ')} ms after the shopper's page reported it`);
  await expect(entryOn(first)).toContainText(`TypeError: ${message}`);
  await expect(entryOn(first)).toContainText('uncaught_error');
  await expect(entryOn(first)).toContainText('/produtos');

  await entryOn(first).getByRole('button', { name: /^Resolver/ }).click();
  for (const page of [first, second]) {
    await expect(entryOn(page).getByText('Resolvido')).toBeVisible();
    await expect(entryOn(page).getByRole('button', { name: /^Resolver/ })).toHaveCount(0);
  }
  await Promise.all([first, second, shopper].map((page) => page.context().close()));
});

test("a customer's order rings the admin's bell and updates the dashboard in another context without reload", async ({ browser, page }) => {
  await signInAsAdmin(page, developer.email, developer.password);
  const awaitingPayment = page.getByTestId('pending-tasks').getByRole('listitem').filter({ hasText: 'Pedidos aguardando pagamento' });
  const before = Number(await awaitingPayment.textContent().then((text) => /(\d+)\s*$/.exec(text ?? '')?.[1]));
  expect(Number.isInteger(before)).toBe(true);
  const bell = page.getByTestId('notification-bell');
  await bell.click();
  const sheet = page.getByRole('dialog', { name: 'Notificações' });
  const markAll = sheet.getByRole('button', { name: 'Marcar todas como lidas' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Fechar notificações' }).click();

  // The customer orders from their own browser context (PIX: the order waits for payment).
  const customerEmail = await createConfirmedCustomer('cliente.sino', 'segredo123');
  const product = await createProduct(18990, 10);
  const customer = await (await browser.newContext()).newPage();
  const signIn = await customer.request.post(`${E2E.apiUrl}/api/auth/sign-in`, { data: { email: customerEmail, password: 'segredo123' } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const placed = await customer.request.post(`${E2E.apiUrl}/api/orders`, {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      customer: { fullName: 'Maria Silva', email: customerEmail, phone: '11987654321', cpf: '529.982.247-25', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      payment: { method: 'pix' },
    },
  });
  expect(placed.status()).toBe(201);
  const { number, totalCents, pricing } = (await placed.json()) as { number: string; totalCents: number; pricing: { subtotalCents: number; shippingCents: number } };
  // The goods and the store table's freight to São Paulo.
  expect(pricing).toMatchObject({ subtotalCents: 18_990, shippingCents: (await tableFreight('SE', 'PAC')).priceCents });

  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  // Live, not the 30 s poll (which stops while the socket is open): the order event invalidated the dashboard.
  await expect(awaitingPayment).toHaveText(new RegExp(`\\D${before + 1}\\s*$`), { timeout: 5_000 });
  await bell.click();
  await expect(sheet.getByText(`Pedido ${number} recebido: ${formatBRL(totalCents)}.`)).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await sheet.getByRole('button', { name: 'Marcar como lida: Novo pedido' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await customer.context().close();
});

test('the status panel shows ERRO for storage when the bucket folder cannot be written', async ({ page }) => {
  await signInAsAdmin(page, developer.email, developer.password);
  await page.goto('/admin/qa');
  const storage = page.getByTestId('health-storage');
  await expect(storage).toContainText('Bucket de imagens configurado');
  await expect(storage).toContainText('OK');

  const bucket = path.join(process.env.PRATA_E2E_DATA_DIR!, 'storage', 'product-images');
  await rename(bucket, `${bucket}.aside`);
  await writeFile(bucket, 'not a folder'); // as root a chmod would not stop writes; a file in its place does
  try {
    await page.getByRole('button', { name: 'Verificar Novamente' }).click();
    await expect(storage).toContainText('Erro no storage');
    await expect(storage).toContainText('ERRO');
    await expect(page.getByTestId('health-upload')).toContainText('ERRO');
    await expect(page.getByTestId('health-database')).toContainText('OK');
  } finally {
    await rm(bucket, { force: true });
    await rename(`${bucket}.aside`, bucket);
  }
  await page.getByRole('button', { name: 'Verificar Novamente' }).click();
  await expect(storage).toContainText('OK');
});

test('QA finds a planted problem and none on a clean store', async ({ page }) => {
  // A clean store: only the seeded catalogue, no unresolved error, no earlier findings.
  await sql("delete from products where name like '%E2E%'");
  await sql("update system_errors set status = 'resolved', resolved = true, resolved_at = now() where status = 'unresolved'");
  await sql('delete from qa_issues');
  const planted = `Colar Destaque E2E ${randomUUID().slice(0, 8)}`;
  await sql(
    `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
     values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), $1, 'colares', 25990, 'Colar plantado pelo teste de QA', 'fallback.svg', false, false, true, 0, now(), now())`,
    [planted],
  );

  await signInAsAdmin(page, developer.email, developer.password);
  await page.goto('/admin/qa');
  const panel = page.getByTestId('qa-panel');
  await expect(panel.getByText('Execute uma verificação QA para analisar o sistema')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Baixar Relatório' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Executar QA' }).click();
  await expect(page.getByText('Verificação QA concluída')).toBeVisible();
  const issue = panel.getByTestId('qa-issue').filter({ hasText: `Produto em destaque sem estoque: ${planted}` });
  await expect(issue).toBeVisible();
  await expect(issue).toContainText('Alto');
  await expect(panel.getByTestId('qa-issue')).toHaveCount(1);
  await expect(panel.getByTestId('qa-count-Pendentes')).toContainText('1');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Baixar Relatório' }).click();
  expect((await download).suggestedFilename()).toBe(`qa-report-${new Date().toISOString().slice(0, 10)}.json`);

  // Fixed, the next run finds nothing and closes the issue.
  await sql('update products set stock = 3 where name = $1', [planted]);
  await panel.getByRole('button', { name: 'Executar QA' }).click();
  await expect(panel.getByText('Nenhum problema pendente encontrado!')).toBeVisible();
  await expect(panel.getByTestId('qa-count-Pendentes')).toContainText('0');
  await panel.getByRole('button', { name: 'Mostrar Resolvidos' }).click();
  await expect(issue).toContainText('Resolvido em');
  await sql('delete from products where name = $1', [planted]);
});

/**
 * A real place in the storefront's built browser code: the first mapping of one of its own
 * `src/features/**.tsx` files in the chunk maps of `mf-storefront/dist` (the build the e2e store serves).
 */
async function builtPosition(): Promise<{ chunk: string; line: number; column: number; source: string; originalLine: number }> {
  const dist = path.join(import.meta.dirname, '..', 'mf-storefront', 'dist');
  for (const name of (await readdir(dist)).filter((file) => file.endsWith('.js.map')).sort()) {
    const map = new TraceMap(await readFile(path.join(dist, name), 'utf8'));
    let found: { line: number; column: number; source: string; originalLine: number } | undefined;
    eachMapping(map, (mapping) => {
      if (!found && mapping.source && /\/src\/features\/.+\.tsx$/.test(mapping.source) && mapping.originalLine !== null) {
        found = { line: mapping.generatedLine, column: mapping.generatedColumn + 1, source: mapping.source.replace(/^webpack:\/\/[^/]*\/(\.\/)?/, ''), originalLine: mapping.originalLine };
      }
    });
    if (found) return { chunk: name.slice(0, -'.map'.length), ...found };
  }
  throw new Error('no storefront chunk maps a src/features .tsx file: build mf-storefront first');
}

test("one bug reported three times is one issue in the original source; resolved and back in a newer version, a regression; Web Vitals show per version", async ({ browser }) => {
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/');
  await expect(shopper.locator('html[data-remote-ready="storefront"]')).toHaveCount(1);
  const registry = (await (await fetch(`${E2E.apiUrl}/api/remotes`)).json()) as { name: string; version: string; manifestUrl: string }[];
  const storefront = registry.find((entry) => entry.name === 'storefront')!;
  const place = await builtPosition();
  const chunkUrl = new URL(place.chunk, storefront.manifestUrl).toString();
  const marker = `Falha agrupada ${randomUUID().slice(0, 8)}`;
  // The API call the error came from: a catalogue search sent from the shopper's page as the shop's
  // API client sends it (a simple GET, no traceparent, no preflight); the page reads the trace the
  // service started for it from the traceresponse header CORS exposes.
  const traceId = await shopper.evaluate(async ({ api, search }) => {
    const answer = await fetch(`${api}/api/products?search=${encodeURIComponent(search)}`, { credentials: 'include' });
    return answer.headers.get('traceresponse')?.split('-')[1] ?? null;
  }, { api: E2E.apiUrl, search: `sem resultado ${randomUUID().slice(0, 8)}` });
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  /** What the shell's reporter sends for this bug (a product id that changes every time), from the shopper's page. */
  const report = (version: string) =>
    shopper.evaluate(
      async ({ api, body }) => (await fetch(`${api}/api/errors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
      {
        api: E2E.apiUrl,
        body: {
          errorType: 'uncaught_error',
          errorMessage: `TypeError: ${marker}: produto ${randomUUID()} sem preço`,
          errorStack: `TypeError: ${marker}\n    at Xq (${chunkUrl}:${place.line}:${place.column})\n    at Zp (${chunkUrl}:${place.line}:${place.column + 40})`,
          remote: 'storefront',
          version,
          pageUrl: `${E2E.storeUrl}/produtos`,
          sessionId: 'e2e-issues-session',
          traceId,
        },
      },
    );
  for (let i = 0; i < 3; i += 1) expect(await report(storefront.version)).toBe(202);

  // The shopper leaves the page: its Web Vitals go out as a beacon, recorded under the storefront's version.
  const vitals = shopper.waitForRequest((request) => new URL(request.url()).pathname === '/api/vitals');
  await shopper.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await vitals;
  await expect
    .poll(async () => (await sql<{ metric: string }>(`select distinct metric from web_vital_samples where app = 'storefront' and version = $1 and route = '/'`, [storefront.version])).map((row) => row.metric))
    .toEqual(expect.arrayContaining(['TTFB', 'FCP']));

  const page = await (await browser.newContext()).newPage();
  await signInAsDeveloper(page, developer.email, developer.password);
  await page.goto(`/developer/erros?status=&q=${encodeURIComponent(marker)}`);
  const row = page.getByTestId('issue-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('3');
  await row.getByRole('link').click();
  const topFrame = page.getByTestId('issue-event').first().getByTestId('stack-frame').first();
  await expect(topFrame).toContainText(`${place.source}:${place.originalLine}:`);
  await expect(topFrame).toContainText('código original');
  await expect(page.getByTestId('issue-count')).toHaveText('3');
  // Followed to the request and its SQL.
  await page.getByTestId('issue-event').first().getByRole('button', { name: 'Ver trace da requisição' }).click();
  await expect(page.getByTestId('trace-span').filter({ hasText: 'pg.query' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Resolver' }).click();
  await expect(page.getByText('Resolvido', { exact: true })).toBeVisible();
  // The same version again (a tab still open on it): counted, still resolved.
  expect(await report(storefront.version)).toBe(202);
  await expect(page.getByTestId('issue-count')).toHaveText('4');
  await expect(page.getByText('Resolvido', { exact: true })).toBeVisible();
  // A version the store never served (anyone can name one): counted, still resolved (security review #15).
  expect(await report(`${storefront.version}.inventada`)).toBe(202);
  await expect(page.getByTestId('issue-count')).toHaveText('5');
  await expect(page.getByText('Resolvido', { exact: true })).toBeVisible();
  // A newer release (published, so the store serves it) brings it back: a regression, unresolved again.
  const newer = `${storefront.version}.next`;
  await sql(
    `insert into remote_releases (id, remote, version, manifest_url, integrity, published_at, published_by, notes) values (gen_random_uuid(), 'storefront', $1, $2, $3, now(), 'cli:e2e', '')`,
    [newer, storefront.manifestUrl, `sha384-${'A'.repeat(64)}`],
  );
  try {
    expect(await report(newer)).toBe(202);
    await expect(page.getByText('Regressão', { exact: true })).toBeVisible();
    await expect(page.getByText('Não resolvido', { exact: true })).toBeVisible();
  } finally {
    await sql(`delete from remote_releases where remote = 'storefront' and version = $1`, [newer]);
  }

  await page.goto('/developer/saude');
  const own = page.getByTestId('release-health-row').filter({ hasText: storefront.version }).first();
  await expect(own).toBeVisible();
  await expect(own.getByRole('cell').nth(1)).not.toHaveText('0');
  await Promise.all([page, shopper].map((each) => each.context().close()));
});
