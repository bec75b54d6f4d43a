/**
 * An expired PIX paid again, in Chromium against the production build on the sandbox acquirer:
 * two PIX orders are moved past their deadlines (their deadline columns, as if the clock had
 * moved) and the store's expiry job cancels them, their units back in stock. Then
 * - from the order e-mail's tracking link, without signing in, 'Gerar novo PIX' takes the order
 *   back with a new code (the units taken again);
 * - from 'Meus pedidos', 'Gerar novo PIX' gives the other order a new code, and 'Simular
 *   pagamento' pays it: the order is Pago;
 * - the owner's 'Recuperação' card on the admin dashboard counts one more order recovered and its
 *   total more revenue (the order that was renewed but not paid counts nothing).
 * Creates one admin (the cap is 3 for the whole suite) and frees its slot afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount, createOwner, lastLinkTo, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { addToCart, createProduct, fillAddress } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

const ADMIN_PASSWORD = 'Prata-Recuperacao-2026!';
const admin = { email: uniqueEmail('admin-recuperacao'), fullName: 'Rita Recuperação E2E' };

test.beforeAll(async () => {
  await createOwner({ ...admin, password: ADMIN_PASSWORD });
});

test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

/** The 'Recuperação' card's orders recovered and revenue (BRL cents, read from 'R$ 1.234,56') on the dashboard `panel` shows. */
async function recoveryFigures(panel: Page): Promise<{ orders: number; revenueCents: number }> {
  await panel.goto('/admin');
  const card = panel.getByTestId('recovery-card');
  await expect(card.getByTestId('recovery-orders')).toBeVisible();
  const orders = Number(await card.getByTestId('recovery-orders').innerText());
  const revenueCents = Number((await card.getByTestId('recovery-revenue').innerText()).replace(/\D/g, ''));
  return { orders, revenueCents };
}

// The expiry job runs every RESERVATION_CLEANUP_INTERVAL_MS (5 s in the e2e store, playwright.config.ts).
test.describe.configure({ timeout: 180_000 });

/** Checks out one unit of `productName` with PIX; returns the order id. */
async function pixOrder(page: Page, productName: string): Promise<string> {
  await addToCart(page, productName);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByLabel('PIX', { exact: true }).check();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('pedido')!;
}

const stockOf = async (id: string) => (await sql<{ stock: number }>('select stock from products where id = $1', [id]))[0]!.stock;

test("an expired PIX gets 'Gerar novo PIX' from its tracking link and from Meus pedidos, and the new code pays the order", async ({ page, browser }) => {
  const account = await confirmedAccount('novo-pix');
  const first = await createProduct(12_990, 2);
  const second = await createProduct(15_990, 2);
  await signInAsCustomer(page, account.email, account.password);
  const tracked = await pixOrder(page, first.name);
  const link = await lastLinkTo(account.email);
  const own = await pixOrder(page, second.name);
  expect(await stockOf(first.id)).toBe(1);
  const panel = await (await browser.newContext()).newPage();
  await signInAsAdmin(panel, admin.email, ADMIN_PASSWORD);
  const before = await recoveryFigures(panel);

  // Past the code's expiry and the grace after it: the next run of the expiry job cancels both.
  await sql(`update orders set pix_expires_at = now() - interval '3 minutes', expires_at = now() - interval '1 minute' where id = any($1::uuid[])`, [[tracked, own]]);
  await page.goto(`/minha-conta/pedidos/${own}`);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 150_000 });
  await expect(page.getByText('Prazo de pagamento expirado')).toBeVisible();
  expect(await stockOf(first.id)).toBe(2);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(new URL(link).pathname);
  await expect(phone.getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(phone.getByTestId('renew-payment')).toContainText('Ainda dá para pagar este pedido');
  await phone.getByRole('button', { name: 'Gerar novo PIX' }).click();
  await expect(phone.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  await expect(phone.getByTestId('pix-payload')).toBeVisible();
  await expect(phone.getByTestId('pix-countdown')).toContainText(/Tempo restante: (29|30):\d{2}/);
  await expect(phone.getByRole('button', { name: 'Gerar novo PIX' })).toHaveCount(0);
  expect(await stockOf(first.id)).toBe(1);

  await page.reload();
  await page.getByRole('button', { name: 'Gerar novo PIX' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('pix-payload')).toBeVisible();
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  const [row] = await sql<{ status: string; payment_renewals: number }>('select status, payment_renewals from orders where id = $1', [own]);
  expect(row).toEqual({ status: 'paid', payment_renewals: 1 });

  // What the owner sees recovered: this order, paid at its total (no refund), and not the other.
  const [{ total_cents: totalCents }] = (await sql<{ total_cents: number }>('select total_cents from orders where id = $1', [own])) as [{ total_cents: number }];
  expect(await recoveryFigures(panel)).toEqual({ orders: before.orders + 1, revenueCents: before.revenueCents + totalCents });
});
