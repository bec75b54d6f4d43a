/**
 * Variants, from the panel to the order:
 * - the owner creates a ring in the panel with the option Aro (14, 16, 18), a stock per aro
 *   (2 / 1 / 0) in the generated variants grid and three photos (real PNG files, uploaded at once);
 *   the list shows '3 variantes · 3 un.';
 * - a signed-in shopper opens its page from the catalogue, sees the three photos in the gallery,
 *   finds aro 18 disabled and 'Esgotado', is asked 'Escolha uma opção' before choosing, picks
 *   aro 16, adds it, sees 'Aro 16' in the cart and places the order by card;
 * - the order's confirmation names 'Aro 16' with its SKU, and the stock of aro 16 dropped by one
 *   while 14 and 18 did not (read from the service), which the panel's list shows too;
 * - aro 18 at zero offers 'Avise-me quando chegar' instead of the cart; a signed-in shopper asks,
 *   the owner restocks aro 18 in the variants grid, and the shopper is e-mailed once (read from the
 *   e2e store's mail outbox) about 'Aro 18'; restocking again e-mails nobody.
 */
import sharp from 'sharp';
import { expect, test, type BrowserContext } from '@playwright/test';
import { confirmedAccount, createOwner, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { fillAddress, fillCard } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

interface ApiVariant {
  id: string;
  sku: string;
  options: Record<string, string>;
  stock: number;
  available: number;
}
interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  stock: number;
  images: { url: string }[];
  variants: ApiVariant[];
}

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const admin = { email: uniqueEmail('variantes'), password: 'Prata-Variantes-2026!', fullName: 'Vera Variantes E2E' };
const name = `Anel Aros E2E ${Date.now()}`;
const STOCK: Record<string, number> = { '14': 2, '16': 1, '18': 0 };
let panel: BrowserContext;

/** The ring as the service answers it now (by its name). */
async function ring(): Promise<ApiProduct> {
  const products = (await (await fetch(`${E2E.apiUrl}/api/products?search=${encodeURIComponent(name)}`)).json()) as ApiProduct[];
  const found = products.find((product) => product.name === name);
  if (!found) throw new Error(`${name} is not in the catalogue`);
  return found;
}

/** Stock per aro, e.g. { 14: 2, 16: 1, 18: 0 }. */
async function stockPerAro(): Promise<Record<string, number>> {
  return Object.fromEntries((await ring()).variants.map((variant) => [variant.options.Aro!, variant.stock]));
}

/** Three distinct real photos (PNG), one colour each. */
async function photos(): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  return Promise.all(
    ['#b9bec7', '#d8c3a5', '#9aa5b1'].map(async (background, index) => ({
      name: `anel-${index + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 640, height: 640, channels: 3, background } }).png().toBuffer(),
    })),
  );
}

test.beforeAll(async ({ browser }) => {
  await createOwner(admin);
  panel = await browser.newContext();
  await signInAsAdmin(await panel.newPage(), admin.email, admin.password);
});

test.afterAll(async () => {
  await panel?.close();
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

test('the owner creates a ring with aros 14/16/18, a stock per aro and three photos', async () => {
  const page = await panel.newPage();
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Categoria').selectOption('aneis');
  await dialog.getByLabel('Preço (R$)').fill('189.90');
  await dialog.getByLabel('Descrição').fill('Anel solitário de prata 925, vendido por aro.');

  await dialog.getByRole('button', { name: 'Adicionar opção' }).click();
  await expect(dialog.getByLabel('Opção 1')).toHaveValue('Aro');
  await dialog.getByLabel('Valores de Aro').fill('14, 16, 18');
  const grid = dialog.getByTestId('variant-grid');
  await expect(grid.getByRole('row')).toHaveCount(4);
  for (const [aro, units] of Object.entries(STOCK)) {
    await expect(grid.getByLabel(`SKU de Aro ${aro}`)).toHaveValue(new RegExp(`^ANEL-AROS-E2E-\\d+-${aro}$`));
    await grid.getByLabel(`Estoque de Aro ${aro}`).fill(String(units));
  }
  await expect(dialog.getByLabel('Estoque (soma das variantes)')).toHaveValue('3');

  await dialog.getByLabel('Enviar imagem').setInputFiles(await photos());
  await expect(dialog.getByTestId('product-image-preview')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Criar Produto' }).click();
  await expect(page.getByText('Produto criado', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = page.getByTestId('admin-product-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('3 variantes · 3 un.');
  await expect(row.getByTestId('variant-stock')).toHaveText(['Aro 14: 2', 'Aro 16: 1', 'Aro 18: 0']);
  const created = await ring();
  expect(created.images).toHaveLength(3);
  expect(await stockPerAro()).toEqual(STOCK);
});

test('the shopper picks aro 16 on its page, sees the gallery and buys it; only aro 16 loses a unit', async ({ page }) => {
  const shopper = await confirmedAccount('variantes');
  await signInAsCustomer(page, shopper.email, shopper.password);
  await page.goto(`/produtos?search=${encodeURIComponent(name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  // A card cannot add a sized piece without a choice: it leads to the page.
  await card.getByRole('link', { name: `Escolher opção de ${name}` }).click();
  const { slug } = await ring();
  await expect(page).toHaveURL(new RegExp(`/produtos/${slug}$`));
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Miniaturas' }).getByRole('button')).toHaveCount(3);

  const aro = page.getByRole('group', { name: 'Aro', exact: true });
  await expect(aro.getByRole('button')).toHaveText(['14', '16', '18 · Esgotado']);
  await expect(aro.getByRole('button', { name: '14', exact: true })).toBeEnabled();
  await page.getByText('Guia de tamanhos').click();
  await expect(page.getByTestId('size-guide')).toContainText('Como medir seu aro em casa');

  await page.getByRole('button', { name: 'Adicionar ao carrinho', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Escolha uma opção' })).toBeVisible();
  await aro.getByRole('button', { name: '16', exact: true }).click();
  await expect(aro.getByRole('button', { name: '16', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('product-availability')).toHaveText('Em estoque');
  await page.getByRole('button', { name: 'Adicionar ao carrinho', exact: true }).click();
  await expect(page.getByText('Produto adicionado!')).toBeVisible();

  await page.goto('/carrinho');
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-item-variant')).toHaveText('Aro 16');
  await page.getByRole('link', { name: 'Finalizar Compra' }).click();
  await expect(page.getByTestId('order-summary')).toContainText(`${name} (Aro 16) × 1`);
  await fillAddress(page);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const sku = (await ring()).variants.find((variant) => variant.options.Aro === '16')!.sku;
  await expect(page.locator('main')).toContainText(`(Aro 16 · SKU ${sku})`);

  expect(await stockPerAro()).toEqual({ '14': 2, '16': 0, '18': 0 });
  const panelPage = await panel.newPage();
  await panelPage.goto('/admin/products');
  const row = panelPage.getByTestId('admin-product-table').getByRole('row', { name: new RegExp(name) });
  await expect(row.getByTestId('variant-stock')).toHaveText(['Aro 14: 2', 'Aro 16: 0', 'Aro 18: 0']);
});

test('aro 18 at zero offers Avise-me; the owner restocks it and the subscriber is e-mailed once', async ({ page }) => {
  const shopper = await confirmedAccount('avise-aro');
  await signInAsCustomer(page, shopper.email, shopper.password);
  const { slug, variants } = await ring();
  await page.goto(`/produtos/${slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  const aro = page.getByRole('group', { name: 'Aro', exact: true });
  await expect(page.getByRole('button', { name: 'Avise-me quando chegar' })).toHaveCount(0);
  await aro.getByRole('button', { name: '18 · Esgotado' }).click();
  await expect(page.getByTestId('product-availability')).toHaveText('Esgotado');
  await expect(page.getByRole('button', { name: 'Adicionar ao carrinho', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Avise-me quando chegar' }).click();
  await expect(page.getByText('Pronto! Avisaremos você por e-mail.').first()).toBeVisible();
  const aro18 = variants.find((variant) => variant.options.Aro === '18')!;
  const subscription = () => sql<{ status: string }>('select status from stock_subscriptions where variant_id = $1 and email = $2', [aro18.id, shopper.email]);
  expect((await subscription())[0]?.status).toBe('active');

  const restock = async (units: string) => {
    const admin = await panel.newPage();
    await admin.goto('/admin/products');
    const row = admin.getByTestId('admin-product-table').getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar Produto' });
    await edit.getByTestId('variant-grid').getByLabel('Estoque de Aro 18').fill(units);
    await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(admin.getByText('Produto atualizado', { exact: true })).toBeVisible();
    await admin.close();
  };
  await restock('2');
  // The job queue (polled every 2 s by the store) sends it; the subscription is then 'notified'.
  await expect.poll(async () => (await subscription())[0]?.status, { timeout: 20_000 }).toBe('notified');
  const alerts = () => sql<{ subject: string; link: string }>('select subject, link from outbox_emails where "to" = $1 and subject like $2', [shopper.email, 'Chegou!%']);
  expect(await alerts()).toEqual([{ subject: `Chegou! ${name} — Aro 18 está disponível de novo`, link: `${E2E.storeUrl}/produtos/${slug}` }]);
  expect((await stockPerAro())['18']).toBe(2);

  // 2 -> 3 is no replenishment: no event is written with the save, so nobody is e-mailed again.
  const replenishments = () => sql<{ id: string }>(`select id from domain_events where type = 'StockReplenished' and payload->>'variantId' = $1`, [aro18.id]);
  expect(await replenishments()).toHaveLength(1);
  await restock('3');
  expect(await replenishments()).toHaveLength(1);
  expect(await alerts()).toHaveLength(1);
});
