/**
 * The admin panel on a seeded store (admin.md 2-9, storefront.md 2): one admin signs in
 * once (the refresh cookie is shared by every test's page) and runs the store from the panel:
 * a product with a real image file (catalogue, price edit, deletion with the file gone from
 * storage), upload refusals, a content edit on the policy page, a social link in the footer,
 * global search, the activity log's CSV, a customer's deletion, the inline manager on the home
 * page, the panel at 375 px, and the store's contact details edited in Conteúdo shown
 * by the server-rendered footer and contact page, and the sidebar's background on long pages. Content and links it changes are restored afterwards; it creates
 * one admin (the cap is 3 for the whole suite) and frees the slot after.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { confirmedAccount, createOwner, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { createProduct } from './support/shop.ts';
import { settle, signInAsAdmin } from './support/ui.ts';

const admin = { email: uniqueEmail('painel'), password: 'Prata-Painel-2026!', fullName: 'Paula Painel E2E' };
let context: BrowserContext;
let restore: { content: { title: string; content: string }; links: Record<string, unknown>; contact: Record<string, unknown> };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await createOwner(admin);
  const [content] = await sql<{ title: string; content: string }>(`select title, content from content_sections where section_key = 'privacy_policy'`);
  const [links] = await sql(`select link_1, link_2, link_3, link_4 from social_links where platform = 'instagram'`);
  const [contact] = await sql(`select phone, whatsapp_number, email, address, opening_hours from store_settings where id = 1`);
  restore = { content: content!, links: links!, contact: contact! };
  context = await browser.newContext();
  await signInAsAdmin(await context.newPage(), admin.email, admin.password);
});

test.afterAll(async () => {
  await context?.close();
  await sql(`update content_sections set title = $1, content = $2 where section_key = 'privacy_policy'`, [restore.content.title, restore.content.content]);
  await sql(`update social_links set link_1 = $1, link_2 = $2, link_3 = $3, link_4 = $4 where platform = 'instagram'`, [restore.links.link_1, restore.links.link_2, restore.links.link_3, restore.links.link_4]);
  const contact = restore.contact;
  await sql(`update store_settings set phone = $1, whatsapp_number = $2, email = $3, address = $4, opening_hours = $5 where id = 1`, [
    contact.phone,
    contact.whatsapp_number,
    contact.email,
    contact.address,
    JSON.stringify(contact.opening_hours),
  ]);
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

/** A page of the signed-in admin's context. */
async function panelPage(): Promise<Page> {
  return context.newPage();
}

/** The file of a public storage URL on the e2e store's disk. */
function storedFile(url: string): string {
  const key = new URL(url).pathname.replace(/^\/storage\//, '');
  return path.join(process.env.PRATA_E2E_DATA_DIR!, 'storage', key);
}

test('create a product with a real image, see it in the catalogue, edit its price, delete it (file gone)', async () => {
  test.setTimeout(90_000);
  const page = await panelPage();
  const name = `Anel Painel E2E ${Date.now()}`;
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#b9bec7' } }).png().toBuffer();

  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByRole('button', { name: 'Criar Produto' }).click();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  await expect(dialog.getByText('O preço deve ser maior que zero')).toBeVisible();

  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Categoria').selectOption('aneis');
  await dialog.getByLabel('Preço (R$)').fill('149.90');
  await dialog.getByLabel('Estoque').fill('7');
  await dialog.getByLabel('Descrição').fill('Anel de prata 925 criado pelo painel.');
  await dialog.getByLabel('Enviar imagem').setInputFiles({ name: 'anel.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('Upload realizado', { exact: true })).toBeVisible();
  const preview = dialog.getByTestId('product-image-preview');
  await expect(preview).toHaveAttribute('src', /\/storage\/product-images\/products\/\d{13}-[a-f0-9]{12}\.png$/);
  const imageUrl = (await preview.getAttribute('src'))!;
  expect(await readFile(storedFile(imageUrl))).toEqual(photo);
  await dialog.getByRole('button', { name: 'Criar Produto' }).click();
  await expect(page.getByText('Produto criado', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('admin-product-table').getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('R$ 149,90');
  await expect(row).toContainText('7');

  // The shoppers' catalogue shows it, with that picture (its WebP renditions decode).
  const shop = await panelPage();
  await shop.goto(`/produtos?search=${encodeURIComponent(name)}`);
  // The shell's host keeps that page in its render cache: the next request for it is a hit.
  const catalogueDocument = async () => {
    const response = await fetch(`${E2E.storeUrl}/produtos?search=${encodeURIComponent(name)}`, { headers: { accept: 'text/html' } });
    return { cache: response.headers.get('x-render-cache'), html: await response.text() };
  };
  await expect.poll(async () => (await catalogueDocument()).cache).toBe('hit');
  expect((await catalogueDocument()).html).toMatch(/R\$\s149,90/);
  const card = shop.getByTestId('product-card').filter({ hasText: name });
  await expect(card).toContainText('R$ 149,90');
  const picture = card.getByRole('img', { name });
  await expect(picture).toHaveAttribute('src', imageUrl);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Produto' });
  await expect(edit.getByLabel('Preço (R$)')).toHaveValue('149.90');
  await edit.getByLabel('Preço (R$)').fill('129.90');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Produto atualizado', { exact: true })).toBeVisible();
  await expect(row).toContainText('R$ 129,90');
  // The edit's event purges the cached page: the next document (once the event reached the host,
  // milliseconds after the save) carries the new price, not the cached one.
  await expect.poll(async () => (await catalogueDocument()).html, { timeout: 3000 }).toMatch(/R\$\s129,90/);
  expect((await catalogueDocument()).html).not.toMatch(/R\$\s149,90/);
  await shop.reload();
  await expect(card).toContainText('R$ 129,90');

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir produto' });
  await expect(confirm).toContainText('Tem certeza que deseja deletar este produto?');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Produto removido', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(existsSync(storedFile(imageUrl))).toBe(false);
  expect((await fetch(imageUrl.replace(/^https?:\/\/[^/]+/, E2E.apiUrl))).status).toBe(404);
  await shop.reload();
  await expect(shop.getByTestId('product-card').filter({ hasText: name })).toHaveCount(0);
});

test('upload refusals: a text file named .png (checked by content on the server) and an 11 MB file', async () => {
  const page = await panelPage();
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByLabel('Enviar imagem').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('isto é um texto, não uma imagem\n'.repeat(10)) });
  await expect(page.getByText('Tipo de arquivo inválido', { exact: true })).toBeVisible();
  await expect(page.getByText('Por favor, envie apenas imagens (JPEG, PNG, GIF, WEBP)')).toBeVisible();
  await dialog.getByLabel('Enviar imagem').setInputFiles({ name: 'enorme.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
  await expect(page.getByText('Arquivo muito grande', { exact: true })).toBeVisible();
  await expect(page.getByText('O arquivo deve ter no máximo 10MB')).toBeVisible();
  await expect(dialog.getByText('Sem imagem')).toBeVisible();
});

test('a content edit is shown on the policy page, as text', async () => {
  const page = await panelPage();
  await page.goto('/admin/content');
  const section = page.getByTestId('content-section-privacy_policy');
  await section.getByRole('button', { name: 'Editar Política de Privacidade' }).click();
  const editor = section.getByLabel('Conteúdo');
  await expect(editor).toHaveAttribute('rows', '8');
  await editor.fill('Nova política E2E.\n\nSegundo parágrafo com <b>marcação</b>.');
  await section.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Conteúdo salvo', { exact: true })).toBeVisible();
  await expect(section).toContainText('Nova política E2E.');

  await page.goto('/politica-privacidade');
  const article = page.getByTestId('content-privacy_policy');
  await expect(article.locator('p').filter({ hasText: 'E2E' })).toHaveText('Nova política E2E.');
  await expect(article).toContainText('Segundo parágrafo com <b>marcação</b>.');
  await expect(article.locator('b')).toHaveCount(0);
});

test('a social link saved in the panel is in the store footer; a non-http link is refused', async () => {
  const page = await panelPage();
  await page.goto('/admin/social');
  const first = page.getByLabel('Instagram: link 1');
  await first.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Salvar Links' }).click();
  await expect(page.getByText('Informe um link válido começando com http:// ou https://')).toBeVisible();
  await first.fill('https://instagram.com/prata925.e2e');
  await page.getByRole('button', { name: 'Salvar Links' }).click();
  await expect(page.getByText('Links salvos com sucesso!', { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/prata925.e2e');
});

test("the store's contact details saved in Conteúdo are in the server-rendered footer and contact page", async () => {
  const page = await panelPage();
  await page.goto('/admin/content');
  const card = page.getByTestId('store-contact');
  await card.getByLabel('Telefone').fill('(11) 1234');
  await card.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(card.getByText('Telefone inválido')).toBeVisible();
  await card.getByLabel('Telefone').fill('21 3333-4444');
  await card.getByLabel('WhatsApp').fill('(21) 98888-7777');
  await card.getByLabel('E-mail').fill('atendimento.e2e@prata925.com.br');
  await card.getByLabel('Cidade / endereço').fill('Rio de Janeiro, RJ');
  await card.getByLabel('Horário (linha 1)').fill('10h às 19h');
  await card.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(page.getByText('Contato salvo', { exact: true })).toBeVisible();

  // Server-rendered: the HTML the store sends already holds the new details.
  const html = await (await fetch(`${E2E.storeUrl}/contato`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('(21) 3333-4444');
  expect(html).toContain('atendimento.e2e@prata925.com.br');
  await page.goto('/contato');
  const main = page.getByRole('main');
  await expect(main.getByText('Rio de Janeiro, RJ')).toBeVisible();
  await expect(main.getByText('10h às 19h')).toBeVisible();
  await expect(main.getByRole('link', { name: /Conversar no WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5521988887777');
  await expect(page.getByRole('contentinfo')).toContainText('(21) 3333-4444');
});

test('the sidebar background reaches the bottom of long pages at 1366 px', async () => {
  const page = await panelPage();
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const route of ['/admin/products', '/admin/sales']) {
    await page.goto(route);
    await expect(page.locator('main#conteudo h1')).toBeVisible();
    await settle(page);
    const surface = await page.getByRole('complementary').evaluate((aside) => getComputedStyle(aside).backgroundColor);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const { height } = page.viewportSize()!;
    const pixel = await sharp(await page.screenshot({ clip: { x: 200, y: height - 2, width: 1, height: 1 } }))
      .raw()
      .toBuffer();
    expect(`rgb(${pixel[0]}, ${pixel[1]}, ${pixel[2]})`, route).toBe(surface);
  }
});

test('global search: grouped results with links, and "Nenhum resultado encontrado"', async () => {
  const page = await panelPage();
  await page.goto('/admin');
  const search = page.getByRole('searchbox', { name: 'Buscar no painel' });
  await search.fill('a');
  await expect(page.getByTestId('global-search-results')).toHaveCount(0);
  await search.fill('anel');
  const results = page.getByTestId('global-search-results');
  const products = results.getByRole('region', { name: 'Produtos' });
  await expect(products.getByRole('link')).toHaveCount(5);
  await search.fill('painel e2e');
  await expect(results.getByRole('region', { name: 'Usuários' }).getByRole('link', { name: new RegExp(admin.fullName) })).toBeVisible();
  await search.fill('zzqxwv');
  await expect(results).toContainText('Nenhum resultado encontrado');

  await search.fill('Solitário');
  const ring = results.getByRole('region', { name: 'Produtos' }).getByRole('link').first();
  const title = (await ring.locator('span').first().textContent())!;
  await ring.click();
  await expect(page).toHaveURL(/\/admin\/products/);
  await expect(page.getByRole('dialog', { name: 'Editar Produto' }).getByLabel('Nome')).toHaveValue(title);
});

test('the activity log exports a CSV with a BOM, the header and the rows shown', async () => {
  const page = await panelPage();
  await page.goto('/admin/logs');
  await page.getByLabel('Tipo de ação').selectOption('login');
  const table = page.getByTestId('activity-log');
  await expect(table.getByRole('row').nth(1)).toContainText('Login');
  const rows = await table.locator('tbody tr').count();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  await expect(page.getByText('Logs Exportados', { exact: true })).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^logs-atividades-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Data/Hora,Ação,Detalhes,IP');
  expect(lines).toHaveLength(rows + 1);
  expect(lines.slice(1).every((line) => /^"\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}",(Login|Falha de login|Logout),/.test(line))).toBe(true);
});

test("a customer's account is deleted from the users tab (personal data erased)", async () => {
  const customer = await confirmedAccount('lgpd');
  const page = await panelPage();
  await page.goto('/admin/users');
  const row = page.getByTestId('admin-user-list').getByRole('listitem').filter({ hasText: customer.email });
  await row.getByRole('button', { name: 'Ver Cliente E2E' }).click();
  const details = page.getByTestId('user-details');
  await expect(details).toContainText(customer.email);
  await expect(details).toContainText('Usuário');
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Excluir Cliente E2E' }).click();
  await page.getByRole('dialog', { name: 'Excluir Usuário' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Usuário excluído', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await sql('select id from users where email = $1', [customer.email])).toEqual([]);
  // An admin row offers no delete button.
  await expect(page.getByTestId('admin-user-list').getByRole('listitem').filter({ hasText: admin.email }).getByRole('button', { name: /^Excluir/ })).toHaveCount(0);
});

test("the card instalment rules saved in 'Vendas' are what the product page offers: beyond the interest-free count, the Price table's instalment and total", async ({ browser }) => {
  const piece = await createProduct(100_000, 3);
  const page = await panelPage();
  await page.goto('/admin/sales');
  const rules = page.getByRole('form', { name: 'Parcelamento no cartão' });
  await rules.getByLabel('Parcelas no cartão (até)').fill('12');
  await rules.getByLabel('Sem juros até (parcelas)').fill('1');
  await rules.getByLabel('Juros ao mês acima disso (%)').fill('2,99');
  try {
    await rules.getByRole('button', { name: 'Salvar parcelamento' }).click();
    await expect(page.getByText('Parcelamento salvo')).toBeVisible();
    // R$ 1.000,00 in 12x at 2,99 % a.m. (Price table): PMT 100000 x 0.0299 / (1 - 1.0299^-12) = 10040.21 -> R$ 100,40 a month,
    // 12 x 10040.2124 = 120482.55 -> R$ 1.204,83 in all; no plan of 2x or more is interest-free, so the page offers the longest.
    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(`/produtos/${piece.id}`);
    await expect(shopper.getByText('ou 12x de R$ 100,40 (total R$ 1.204,83)')).toBeVisible();
    await shopper.context().close();
  } finally {
    // Back to the store's rule through the panel (the change event refreshes what the pages cached).
    // The first save's toast leaves first (TOAST_DURATION_MS), so the toast seen next is this save's.
    await expect(page.getByText('Parcelamento salvo')).toHaveCount(0);
    await rules.getByLabel('Sem juros até (parcelas)').fill('12');
    await rules.getByLabel('Juros ao mês acima disso (%)').fill('0');
    await rules.getByRole('button', { name: 'Salvar parcelamento' }).click();
    await expect(page.getByText('Parcelamento salvo')).toBeVisible();
    await sql(`update products set status = 'archived' where id = $1`, [piece.id]);
  }
});

test('the home page shows admins the product manager inline', async () => {
  const page = await panelPage();
  await page.goto('/');
  const manager = page.getByRole('region', { name: 'Gerenciar Produtos' });
  await expect(manager.getByRole('button', { name: 'Novo Produto' })).toBeVisible();
  await expect(manager.getByTestId('admin-product-table').getByRole('row').nth(1)).toBeVisible();
  const anonymous = await (await context.browser()!.newContext()).newPage();
  await anonymous.goto('/');
  await expect(anonymous.getByRole('list', { name: 'Produtos em destaque' })).toBeVisible();
  await expect(anonymous.getByRole('region', { name: 'Gerenciar Produtos' })).toHaveCount(0);
  await anonymous.context().close();
});

test('at 375 px the panel is usable: full-screen, the menu in a sheet, no sideways scroll', async () => {
  const page = await panelPage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin');
  await expect(page.getByRole('banner').getByRole('link', { name: /Carrinho/ })).toHaveCount(0);
  await expect(page.getByTestId('stat-sales-today')).toBeVisible();
  await expect(page.getByRole('complementary')).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Painel Administrativo' });
  await sheet.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Vendas' }).click();
  await expect(page).toHaveURL(/\/admin\/sales$/);
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('sales-revenue')).toBeVisible();
  await expect(page.getByTestId('admin-sign-out')).toBeInViewport();
  for (const route of ['/admin/sales', '/admin/products', '/admin/logs', '/admin/users']) {
    await page.goto(route);
    await expect(page.locator('main#conteudo h1')).toBeVisible();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(375);
  }
});
