/**
 * Back-in-stock alerts: a sold-out piece's page shows 'Esgotado' and 'Avise-me quando
 * chegar'; a signed-in shopper subscribes with one click; the owner sees '1 aguardando' in the
 * panel's products table and restocks the piece there; the shopper is e-mailed once (read from
 * the e2e store's mail outbox), with the product page's link, and the page shows it in stock.
 * An anonymous shopper's e-mail links to the store's confirmation page, which confirms only when
 * its button is pressed (security review 2026-11-29 #5: following the link confirms nothing).
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { createOwner, lastLinkTo, uniqueEmail } from './support/accounts.ts';
import { createConfirmedCustomer } from './support/customers.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { createProduct } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

const owner = { email: uniqueEmail('aviso-dono'), password: 'Prata-Aviso-2026!', fullName: 'Dona Aviso E2E' };
const password = 'segredo123';
let shopper: string;
let product: { id: string; name: string; slug: string };
let panel: BrowserContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await createOwner(owner);
  shopper = await createConfirmedCustomer('aviso', password);
  const created = await createProduct(8_990, 0);
  const [row] = await sql<{ slug: string }>('select slug from products where id = $1', [created.id]);
  product = { ...created, slug: row!.slug };
  panel = await browser.newContext();
  await signInAsAdmin(await panel.newPage(), owner.email, owner.password);
});

test.afterAll(async () => {
  await panel?.close();
  await sql('delete from products where id = $1', [product.id]);
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [owner.email]);
});

/** The 'Chegou!' e-mails sent to the shopper about the product. */
const alerts = () => sql<{ link: string }>('select link from outbox_emails where "to" = $1 and subject = $2', [shopper, `Chegou! ${product.name} está disponível de novo`]);

test('a shopper asks to be told, the owner restocks in the panel, the shopper is e-mailed once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`/produtos/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Esgotado', { exact: true })).toBeVisible();
  // Anonymous: the e-mail form (double opt-in).
  await expect(page.getByRole('form', { name: 'Avise-me quando chegar' }).getByLabel('Avise-me quando chegar')).toBeVisible();

  await signInAsCustomer(page, shopper, password);
  await page.goto(`/produtos/${product.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  await page.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(page.getByText('Pronto! Avisaremos você por e-mail.').first()).toBeVisible();

  const admin = await panel.newPage();
  await admin.goto('/admin/products');
  const row = admin.getByTestId('admin-product-table').getByRole('row', { name: new RegExp(product.name) });
  await expect(row).toContainText('1 aguardando');
  await row.getByRole('button', { name: `Editar ${product.name}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Editar Produto' });
  await edit.getByLabel('Estoque').fill('3');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(admin.getByText('Produto atualizado', { exact: true })).toBeVisible();

  // The job queue (polled every 2 s by the store) sends it; the subscription is then 'notified'.
  await expect.poll(async () => (await sql<{ status: string }>('select status from stock_subscriptions where product_id = $1 and email = $2', [product.id, shopper]))[0]?.status, { timeout: 20_000 }).toBe('notified');
  const sent = await alerts();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.link).toBe(`${E2E.storeUrl}/produtos/${product.slug}`);
  await admin.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('aguardando');

  await page.goto(`/produtos/${product.slug}`);
  await expect(page.getByText('Em estoque', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avise-me quando chegar' })).toHaveCount(0);
  expect(await alerts()).toHaveLength(1);
});

test('an anonymous shopper confirms on the page the e-mail links to; opening the link confirms nothing', async ({ page }) => {
  const email = uniqueEmail('aviso-anonimo');
  const piece = await createProduct(5_990, 0);
  const [row] = await sql<{ slug: string }>('select slug from products where id = $1', [piece.id]);
  const status = async () => (await sql<{ status: string }>('select status from stock_subscriptions where product_id = $1 and email = $2', [piece.id, email]))[0]?.status;
  try {
    await page.goto(`/produtos/${row!.slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
    const form = page.getByRole('form', { name: 'Avise-me quando chegar' });
    await form.getByLabel('Avise-me quando chegar').fill(email);
    await form.getByRole('button', { name: 'Avise-me' }).click();
    await expect(page.getByText('Enviamos um e-mail para confirmar.').first()).toBeVisible();

    const link = await lastLinkTo(email);
    expect(link).toMatch(new RegExp(`^${E2E.storeUrl}/avisos/confirmar\\?token=`));
    // A mail scanner fetching the link gets the page, and confirms nothing.
    expect((await fetch(link)).status).toBe(200);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmar aviso' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
    expect(await status()).toBe('pending_confirmation');

    await page.getByRole('button', { name: 'Confirmar aviso' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aviso confirmado' })).toBeVisible();
    await expect(page.getByText(`Pronto! Avisaremos você por e-mail quando “${piece.name}” estiver disponível de novo.`)).toBeVisible();
    expect(await status()).toBe('active');
  } finally {
    await sql('delete from products where id = $1', [piece.id]);
  }
});
