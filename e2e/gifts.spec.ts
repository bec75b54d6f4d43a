/**
 * Gifts in the browser against the e2e store and the sandbox acquirer:
 * - a shopper engraves a piece on its product page ('Gravação', + R$ 25,00, +3 dias úteis de
 *   produção; a text with a symbol is refused in Portuguese), sees the engraving in the cart, and at
 *   checkout adds the gift wrap (the store's R$ 9,90), a gift message and a gift receipt, pays by
 *   PIX ('Simular pagamento') and reads the engraving and the gift on the confirmation;
 * - the order in PostgreSQL holds the figures worked out here (goods + freight + wrap + engraving),
 *   the engraved text and the production days;
 * - the owner's order page shows the engraving, the wrap, the message, and links to the packing
 *   list (with the message) and the gift receipt (no prices).
 * Expected figures come from the product's price, the engraving set here and the freight table.
 */
import { expect, test } from '@playwright/test';
import { formatBRL } from '@prata/contracts';
import { confirmedAccount, createOwner, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { createProduct, fillAddress, tableFreight } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 120_000 });

const ADMIN_PASSWORD = 'Prata-Presentes-2026!';
const admin = { email: uniqueEmail('admin-presentes'), fullName: 'Gabriela Presentes E2E' };
const ENGRAVING_CENTS = 2_500;
const MESSAGE = 'Feliz aniversário, Mãe!';

test.beforeAll(async () => {
  await createOwner({ ...admin, password: ADMIN_PASSWORD });
  await sql('update store_settings set gift_wrap_enabled = true, gift_wrap_price_cents = 990, pix_discount_percent = 0 where id = 1');
});

test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

test('a shopper engraves a piece, adds wrap, message and receipt, pays by PIX, and the owner sees it all', async ({ page, browser }) => {
  const account = await confirmedAccount('presente');
  const product = await createProduct(18_990, 4);
  await sql('update products set engraving_enabled = true, engraving_price_cents = $2, engraving_max_chars = 12, engraving_extra_days = 3 where id = $1', [product.id, ENGRAVING_CENTS]);
  const [{ slug }] = (await sql<{ slug: string }>('select slug from products where id = $1', [product.id])) as [{ slug: string }];

  await signInAsCustomer(page, account.email, account.password);
  await page.goto(`/produtos/${slug}`);
  // The page is server-rendered: a checkbox ticked before it hydrated is unticked again by React.
  await page.waitForFunction(() => document.documentElement.dataset.interactive !== undefined);
  const engraving = page.getByTestId('engraving-option');
  await expect(engraving).toContainText(`Gravação personalizada (+ ${formatBRL(ENGRAVING_CENTS)})`);
  await expect(engraving).toContainText('+3 dias úteis de produção');
  await engraving.getByRole('checkbox').check();
  await engraving.getByLabel('Texto da gravação').fill('Ana ♥');
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(engraving).toContainText('Texto da gravação inválido');
  await engraving.getByLabel('Texto da gravação').fill('Ana & Bia');
  await expect(engraving).toContainText('9/12 caracteres');
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Carrinho: 1 item' })).toBeVisible();

  await page.goto('/carrinho');
  await expect(page.getByTestId('cart-item-engraving')).toContainText('Gravação: “Ana & Bia”');
  await expect(page.getByTestId('cart-line-total')).toContainText(formatBRL(18_990 + ENGRAVING_CENTS));

  await page.goto('/checkout');
  await page.waitForFunction(() => document.documentElement.dataset.interactive !== undefined);
  await fillAddress(page);
  const gift = page.getByTestId('gift-options');
  await gift.getByLabel(`Embalagem para presente (+ ${formatBRL(990)})`).check();
  await gift.getByLabel('Mensagem de presente').fill(MESSAGE);
  await gift.getByLabel('Incluir recibo de presente (sem preços)').check();
  await expect(gift.getByTestId('gift-production-days')).toContainText('+3 dias úteis de produção');
  const pac = await tableFreight('SE', 'PAC');
  const total = 18_990 + pac.priceCents + 990 + ENGRAVING_CENTS;
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('totals-engraving')).toContainText(formatBRL(ENGRAVING_CENTS));
  await expect(summary.getByTestId('totals-gift-wrap')).toContainText(formatBRL(990));
  await expect(summary).toContainText(`Total${formatBRL(total)}`);
  await expect(summary.getByTestId('delivery-estimate')).toContainText(`${pac.minDays + 3} a ${pac.maxDays + 3} dias úteis`);
  await page.getByLabel('PIX', { exact: true }).check();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('pedido')!;
  await expect(page.getByTestId('order-item-engraving')).toContainText('Gravação: “Ana & Bia”');
  await expect(page.getByTestId('order-gift')).toContainText('Embalagem para presente');
  await expect(page.getByTestId('order-gift')).toContainText(MESSAGE);
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');

  const [order] = await sql<{ total_cents: number; gift_wrap_cents: number; engraving_cents: number; gift_message: string; gift_receipt: boolean; production_days: number }>(
    'select total_cents, gift_wrap_cents, engraving_cents, gift_message, gift_receipt, production_days from orders where id = $1',
    [orderId],
  );
  expect(order).toEqual({ total_cents: total, gift_wrap_cents: 990, engraving_cents: ENGRAVING_CENTS, gift_message: MESSAGE, gift_receipt: true, production_days: 3 });
  const [line] = await sql<{ engraving_text: string; engraving_unit_cents: number }>('select engraving_text, engraving_unit_cents from order_items where order_id = $1', [orderId]);
  expect(line).toEqual({ engraving_text: 'Ana & Bia', engraving_unit_cents: ENGRAVING_CENTS });

  const staff = await browser.newContext();
  const panel = await staff.newPage();
  await signInAsAdmin(panel, admin.email, ADMIN_PASSWORD);
  await panel.goto(`/admin/orders/${orderId}`);
  await expect(panel.getByTestId('order-item-engraving')).toContainText('Gravação: “Ana & Bia”');
  const card = panel.getByTestId('admin-order-gift');
  await expect(card).toContainText(`Embalagem para presente${formatBRL(990)}`);
  await expect(card.getByTestId('admin-gift-message')).toHaveText(MESSAGE);
  await expect(card).toContainText('+3 dias úteis de produção');
  const packingUrl = await card.getByTestId('admin-packing-list').getAttribute('href');
  const receiptUrl = await card.getByTestId('admin-gift-receipt').getAttribute('href');
  const packing = await panel.request.get(packingUrl!);
  expect(packing.status()).toBe(200);
  expect(await packing.text()).toContain(MESSAGE);
  const receipt = await (await panel.request.get(receiptUrl!)).text();
  expect(receipt).toContain('Recibo de presente');
  expect(receipt).toContain('Ana &#38; Bia');
  expect(receipt).not.toMatch(/R\$|\d+,\d{2}/);
  await staff.close();
});
