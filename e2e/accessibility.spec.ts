/**
 * Accessibility: axe-core finds no serious or critical violation on any route of any
 * remote (a demo product's page `/produtos/<slug>` included), signed out, signed in as a customer and signed in as an admin (an admin who is also a
 * developer, so /developer shows its dashboard), nor in the interactive states that matter
 * (mobile menu sheet, dialogs, forms showing their errors, search suggestions, the account menu,
 * a cart with items, the checkout form and its errors, an order confirmation with PIX) and the admin
 * panel's (search results, product dialog, delete confirmation, menu sheet at 375 px).
 * Creates one admin (a developer; the cap is 3 for the whole suite) and frees the slot after.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, createDeveloper, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { addToCart, createProduct, fillAddress } from './support/shop.ts';
import { settle, signInAsAdmin, signInAsCustomer } from './support/ui.ts';

/** Every route of every remote (storefront, checkout, admin, devtools) and a path nobody owns; a product's page is added from the API. */
const ROUTES: string[] = [
  '/',
  '/produtos',
  '/produtos?favoritos=1',
  '/sobre',
  '/contato',
  '/auth',
  '/recuperar-senha',
  '/reset-password?token=x',
  '/politica-privacidade',
  '/politica-troca',
  '/termos-uso',
  '/carrinho',
  '/checkout',
  '/pedido-confirmado',
  '/minha-conta/pedidos',
  '/rastrear-pedido',
  // A well-formed tracking link nobody signed: the page that says the link is not valid.
  `/pedido/${'A'.repeat(72)}`,
  '/admin/login',
  '/admin',
  '/admin/products',
  '/admin/orders',
  '/admin/sales',
  '/admin/users',
  '/admin/content',
  '/admin/social',
  '/admin/security',
  '/admin/profile',
  '/admin/logs',
  '/admin/qa',
  '/admin/setup-developer',
  '/developer-login',
  '/developer',
  '/developer/ui',
  '/developer/monitores',
  '/colecao-inexistente',
];

/**
 * Routes whose page does not read the session (no component of theirs asks who is signed in):
 * a signed-in walk leaves them out, as the visitor's walk scans their content and the signed-in
 * walks scan the header and footer a session changes on every other route.
 */
const SESSION_INDEPENDENT = new Set(['/sobre', '/politica-privacidade', '/politica-troca', '/termos-uso', '/rastrear-pedido', '/colecao-inexistente']);

const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** Serious and critical axe violations on the current page (WCAG 2.x A/AA and best practices). */
async function scan(page: Page, where: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({ where, rule: violation.id, impact: violation.impact ?? '', targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
}

/** Pages a walk scans at once (tabs of one browser context: the same session): axe runs in each tab's renderer, so two keep both cores busy. */
const WALK_TABS = 2;

/**
 * Scans every route as `role` sees it (signed in: but the {@link SESSION_INDEPENDENT} ones), in {@link WALK_TABS} tabs of `page`'s context, each taking
 * the next route not yet taken. A route that sends this role elsewhere (a sign-in page, the
 * store's home) shows a page the walk may have scanned already: each page shown is scanned once
 * (by its path, plus its query when it is the route's own), so a visitor's twelve admin routes cost
 * one scan of /admin/login, not twelve.
 */
async function scanRoutes(page: Page, role: string, { signedIn }: { signedIn: boolean }): Promise<Finding[]> {
  const findings: Finding[] = [];
  const scanned = new Set<string>();
  const queue = signedIn ? ROUTES.filter((route) => !SESSION_INDEPENDENT.has(route)) : [...ROUTES];
  const tabs = [page, ...(await Promise.all(Array.from({ length: WALK_TABS - 1 }, () => page.context().newPage())))];
  await Promise.all(
    tabs.map(async (tab) => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
        await tab.goto(route);
        await settle(tab);
        const shown = new URL(tab.url());
        const key = shown.pathname === new URL(route, shown).pathname ? `${shown.pathname}${shown.search}` : shown.pathname;
        if (scanned.has(key)) continue;
        scanned.add(key);
        findings.push(...(await scan(tab, `${role} ${route}`)));
      }
    }),
  );
  for (const tab of tabs.slice(1)) await tab.close();
  expect(scanned.size, `${role}: pages scanned`).toBeGreaterThan(8);
  return findings;
}

const report = (findings: Finding[]) => findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) ${f.targets.join(' | ')}`);

const developer = { email: uniqueEmail('axe.dev'), password: 'Prata-Axe-2026!', fullName: 'Ana Axe E2E' };

test.beforeAll(async () => {
  await createDeveloper(developer);
  // A demo product's page: the first of the catalogue, as the API lists it.
  const [product] = (await (await fetch(`${E2E.apiUrl}/api/products`)).json()) as { slug: string }[];
  expect(product, 'the demo catalogue has products').toBeDefined();
  const page = `/produtos/${encodeURIComponent(product!.slug)}`;
  if (!ROUTES.includes(page)) ROUTES.splice(ROUTES.indexOf('/produtos?favoritos=1') + 1, 0, page);
});

test.afterAll(async () => {
  // Free the admin slot for the rest of the suite (3 admins at most).
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
});

test.describe('axe: every route', () => {
  test.describe.configure({ timeout: 240_000 });

  test('signed out', async ({ page }) => {
    expect(report(await scanRoutes(page, 'visitante', { signedIn: false }))).toEqual([]);
  });

  test('signed in as a customer', async ({ page }) => {
    const customer = await confirmedAccount('axe.cliente');
    await signInAsCustomer(page, customer.email, customer.password);
    expect(report(await scanRoutes(page, 'cliente', { signedIn: true }))).toEqual([]);
  });

  test('signed in as an admin (and developer)', async ({ page }) => {
    await signInAsAdmin(page, developer.email, developer.password);
    expect(report(await scanRoutes(page, 'admin', { signedIn: true }))).toEqual([]);
  });
});

test('axe: interactive states (mobile menu, dialogs, form errors, search)', async ({ page }) => {
  test.setTimeout(120_000);
  const findings: Finding[] = [];

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await settle(page);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Prata 925' });
  await expect(menu.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Produtos' })).toBeVisible();
  findings.push(...(await scan(page, 'menu móvel')));
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('combobox', { name: 'Buscar joias' }).fill('an');
  await expect(page.getByRole('listbox', { name: 'Sugestões de busca' })).toBeVisible();
  findings.push(...(await scan(page, 'busca com sugestões')));

  await page.goto('/auth');
  await settle(page);
  await page.getByRole('button', { name: 'Criar conta' }).first().click();
  await page.getByRole('button', { name: 'Criar conta' }).last().click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  findings.push(...(await scan(page, '/auth com erros')));

  await page.goto('/admin/login');
  await settle(page);
  await page.getByRole('button', { name: 'Criar Nova Conta de Administrador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Nova Conta de Administrador' });
  await dialog.getByRole('button', { name: 'Criar Conta de Administrador' }).click();
  await expect(dialog.getByLabel('Nome completo')).toHaveAttribute('aria-invalid', 'true');
  findings.push(...(await scan(page, 'diálogo de registro com erros')));

  await page.goto('/developer/ui');
  await settle(page);
  await page.getByRole('button', { name: 'Abrir diálogo' }).click();
  await expect(page.getByRole('dialog', { name: 'Desativar 2FA?' })).toBeVisible();
  findings.push(...(await scan(page, 'galeria: diálogo')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Carrinho (direita)' }).click();
  await expect(page.getByRole('dialog', { name: 'Seu carrinho' })).toBeVisible();
  findings.push(...(await scan(page, 'galeria: gaveta')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Erro', exact: true }).click();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
  findings.push(...(await scan(page, 'galeria: notificação')));

  expect(report(findings)).toEqual([]);
});

test("axe: a shopper's states (account menu, cart with items, checkout and its errors, order confirmed)", async ({ page }) => {
  test.setTimeout(120_000);
  const findings: Finding[] = [];
  const customer = await confirmedAccount('axe.compra');
  const product = await createProduct(18_990, 5);
  await signInAsCustomer(page, customer.email, customer.password);

  await page.getByRole('button', { name: `Conta de ${customer.email}` }).click();
  await expect(page.getByTestId('account-menu').getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  findings.push(...(await scan(page, 'menu da conta')));
  await page.keyboard.press('Escape');

  await addToCart(page, product.name);
  await page.goto('/carrinho');
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await settle(page);
  findings.push(...(await scan(page, '/carrinho com itens')));

  await page.getByRole('link', { name: 'Finalizar Compra' }).click();
  await expect(page.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled();
  findings.push(...(await scan(page, '/checkout')));
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page.getByTestId('checkout-errors')).toBeVisible();
  findings.push(...(await scan(page, '/checkout com erros')));

  await fillAddress(page);
  await page.getByLabel('PIX', { exact: true }).check();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page.getByTestId('payment-pix').getByRole('img', { name: 'QR Code PIX' })).toBeVisible();
  findings.push(...(await scan(page, '/pedido-confirmado (PIX)')));

  expect(report(findings)).toEqual([]);
});

test("axe: the admin panel's states (search results, product dialog, delete confirmation, menu sheet at 375 px)", async ({ page }) => {
  test.setTimeout(120_000);
  const findings: Finding[] = [];
  await signInAsAdmin(page, developer.email, developer.password);
  await page.goto('/admin/products');
  await settle(page);
  await page.getByRole('searchbox', { name: 'Buscar no painel' }).fill('anel');
  await expect(page.getByTestId('global-search-results').getByRole('link').first()).toBeVisible();
  findings.push(...(await scan(page, 'busca global com resultados')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByRole('button', { name: 'Criar Produto' }).click();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  findings.push(...(await scan(page, 'diálogo de produto com erros')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Excluir / }).first().click();
  await expect(page.getByRole('dialog', { name: 'Excluir produto' })).toBeVisible();
  findings.push(...(await scan(page, 'confirmação de exclusão')));
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Painel Administrativo' })).toBeVisible();
  findings.push(...(await scan(page, 'menu do painel (375 px)')));
  expect(report(findings)).toEqual([]);
});
