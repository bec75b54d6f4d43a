/**
 * Orders an owner runs, in Chromium against the production build on the sandbox
 * acquirer:
 * - a PIX order is confirmed from the panel ('Marcar como pago'), shipped with a tracking code,
 *   and the shopper sees it as Enviado with the code in 'Meus pedidos';
 * - a boleto is paid with 'Simular pagamento' on the confirmation page (the sandbox notifies the
 *   store through its signed webhook route) and the order becomes Pago; its page then shows the
 *   invoice the sandbox invoicing provider issued with a working DANFE link.
 * Creates one admin (the cap is 3 for the whole suite) and frees its slot afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, createOwner, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { addToCart, createProduct, fillAddress } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 90_000 });

const ADMIN_PASSWORD = 'Prata-Pedidos-2026!';
const admin = { email: uniqueEmail('admin-pedidos'), fullName: 'Otávio Pedidos E2E' };

test.beforeAll(async () => {
  await createOwner({ ...admin, password: ADMIN_PASSWORD });
});

test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

/** A signed-in shopper checks out one new ring with `method`; returns the order id and code. */
async function checkout(page: Page, prefix: string, method: 'PIX' | 'Boleto bancário') {
  const account = await confirmedAccount(prefix);
  const product = await createProduct(18_990, 3);
  await signInAsCustomer(page, account.email, account.password);
  await addToCart(page, product.name);
  await page.goto('/checkout');
  await expect(page.getByTestId('test-mode-notice')).toContainText('Modo de teste');
  await fillAddress(page);
  await page.getByLabel(method, { exact: true }).check();
  if (method === 'Boleto bancário') await page.getByLabel('CPF do pagador').fill('52998224725');
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('pedido')!;
  const code = (await page.getByTestId('order-number').textContent())!;
  expect(code).toMatch(/^P925-[2-9A-HJKMNP-TV-Z]{5}$/);
  return { account, product, id, code };
}

test('a PIX order confirmed from the panel and shipped shows as Enviado with its tracking code in Meus pedidos', async ({ page, browser }) => {
  const { id, code, product, account } = await checkout(page, 'pedido-pix', 'PIX');
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('pix-countdown')).toContainText(/Tempo restante: (29|30):\d{2}/);

  const staff = await browser.newContext();
  const panel = await staff.newPage();
  await signInAsAdmin(panel, admin.email, ADMIN_PASSWORD);
  await panel.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Pedidos' }).click();
  await expect(panel).toHaveURL(/\/admin\/orders$/);
  await panel.getByLabel('Buscar pedidos').fill(code.slice(5).toLowerCase());
  const table = panel.getByTestId('orders-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Aguardando pagamento');
  await table.getByRole('link', { name: code }).click();
  await expect(panel).toHaveURL(new RegExp(`/admin/orders/${id}$`));
  const order = panel.getByTestId('admin-order');
  await expect(order).toContainText(product.name);
  await expect(order).toContainText('Avenida Paulista, 1000 - Apto 42');

  await panel.getByRole('button', { name: 'Marcar como pago' }).click();
  const paidDialog = panel.getByRole('dialog', { name: `Marcar o pedido ${code} como pago?` });
  await paidDialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(paidDialog.getByText('Informe onde o pagamento foi conferido')).toBeVisible();
  await paidDialog.getByLabel('Onde o pagamento foi conferido').fill('PIX na conta da loja, extrato 23/11');
  await paidDialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(panel.getByTestId('admin-order-status')).toContainText('Pago');

  await panel.getByRole('button', { name: 'Enviar pedido' }).click();
  const shipDialog = panel.getByRole('dialog', { name: `Enviar o pedido ${code}` });
  await expect(shipDialog.getByLabel('Transportadora')).toHaveValue('Correios');
  await shipDialog.getByLabel('Código de rastreio').fill('QB123456789BR');
  await shipDialog.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(panel.getByTestId('admin-order-status')).toContainText('Enviado');
  await expect(panel.getByTestId('admin-tracking-code')).toHaveText('QB123456789BR');
  const timeline = panel.getByTestId('order-timeline');
  await expect(timeline.getByRole('row')).toHaveCount(4);
  await expect(timeline.getByRole('row').nth(2)).toContainText(`Aguardando pagamento → Pago${admin.email}Pagamento confirmado manualmente: PIX na conta da loja`);
  await expect(timeline.getByRole('row').nth(3)).toContainText(`Pago → Enviado${admin.email}Correios · QB123456789BR`);
  await staff.close();

  const [row] = await sql<{ status: string; tracking_code: string }>('select status, tracking_code from orders where id = $1', [id]);
  expect(row).toEqual({ status: 'shipped', tracking_code: 'QB123456789BR' });
  const [audit] = await sql<{ count: string }>("select count(*) from admin_logs where action in ('order_marked_paid', 'order_shipped') and details->>'orderId' = $1", [id]);
  expect(audit!.count).toBe('2');

  await page.getByRole('button', { name: `Conta de ${account.email}` }).click();
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Meus pedidos' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/pedidos$/);
  const entry = page.getByTestId('order-history-entry').filter({ hasText: code });
  await expect(entry).toContainText('Enviado');
  await expect(entry).toContainText('QB123456789BR');
  await entry.getByRole('link', { name: `Pedido ${code}` }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'shipped');
  await expect(page.getByTestId('tracking-code')).toHaveText('QB123456789BR');
  await expect(page.getByTestId('order-shipment')).toContainText('Correios');
});

test("a boleto paid with 'Simular pagamento' goes through the sandbox's webhook and becomes Pago", async ({ page }) => {
  const { id, code } = await checkout(page, 'pedido-boleto', 'Boleto bancário');
  const boleto = page.getByTestId('payment-boleto');
  expect((await boleto.getByLabel('Linha digitável').inputValue()).replace(/\D/g, '')).toHaveLength(47);
  await boleto.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByText('Pagamento confirmado!')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('payment-boleto')).toHaveCount(0);

  const [row] = await sql<{ status: string; payment_status: string }>('select status, payment_status from orders where id = $1', [id]);
  expect(row).toEqual({ status: 'paid', payment_status: 'approved' });
  const notifications = await sql<{ outcome: string }>('select outcome from payment_notifications where order_id = $1', [id]);
  expect(notifications).toEqual([{ outcome: 'paid' }]);

  await page.goto('/minha-conta/pedidos');
  await expect(page.getByTestId('order-history-entry').filter({ hasText: code })).toContainText('Pago');

  // The paid order's invoice, issued by the sandbox provider through the job queue, with its DANFE.
  await page.goto(`/minha-conta/pedidos/${id}`);
  await expect(page.getByTestId('invoice-title')).toHaveText(/^Nota fiscal nº \d+ série 1$/, { timeout: 20_000 });
  const [invoice] = await sql<{ number: string }>('select number from invoices where order_id = $1', [id]);
  await expect(page.getByTestId('invoice-title')).toHaveText(`Nota fiscal nº ${invoice!.number} série 1`);
  const danfe = await page.request.get((await page.getByRole('link', { name: 'DANFE (PDF)' }).getAttribute('href'))!);
  expect(danfe.headers()['content-type']).toBe('application/pdf');
  expect((await danfe.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
});
