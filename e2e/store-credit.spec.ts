/**
 * Store credit spent at checkout (a return credited to the shopper's store credit is
 * money they can spend), in Chromium against the e2e store: a shopper whose balance covers the
 * order sees 'Usar meu crédito na loja' ticked, the summary's 'Crédito da loja', and no method to
 * choose; the order is paid at once with no acquirer, and the balance drops by the total.
 * The balance is written to the ledger as a credited return writes it (returns.spec.ts credits
 * through the panel); the expected total comes from the product's price and the freight table row.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { formatBRL } from '@prata/contracts';
import { createConfirmedCustomer } from './support/customers.ts';
import { sql } from './support/database.ts';
import { addToCart, createProduct, fillAddress, tableFreight } from './support/shop.ts';
import { signInAsCustomer } from './support/ui.ts';

const PASSWORD = 'segredo123';
const BALANCE_CENTS = 50_000;

test('a balance that covers the order pays it whole: no method to choose, paid at once, and the balance drops by the total', async ({ page }) => {
  const email = await createConfirmedCustomer('credito-loja', PASSWORD);
  await sql("insert into store_credit_entries (id, user_id, amount_cents, reason, created_at) select $1, id, $2, 'Devolução do pedido P925-E2E01', now() from users where email = $3", [randomUUID(), BALANCE_CENTS, email]);
  const product = await createProduct(15_990, 3);
  // São Paulo: the table's PAC is the cheapest option, chosen by default.
  const total = 15_990 + (await tableFreight('SE', 'PAC')).priceCents;

  await signInAsCustomer(page, email, PASSWORD);
  await addToCart(page, product.name);
  await page.goto('/checkout');
  await fillAddress(page);
  const useCredit = page.getByLabel(`Usar meu crédito na loja (${formatBRL(BALANCE_CENTS)} disponível)`);
  await expect(useCredit).toBeChecked();
  await expect(page.getByTestId('paid-by-credit')).toHaveText('Seu crédito na loja cobre este pedido.');
  await expect(page.getByRole('radio', { name: 'PIX', exact: true })).toHaveCount(0);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('totals-store-credit')).toContainText(formatBRL(total));
  await expect(summary.getByTestId('totals-amount-due')).toContainText(formatBRL(0));

  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('pedido')!;
  await expect(page.getByTestId('payment-store-credit')).toContainText(`Pago com ${formatBRL(total)} do seu crédito na loja.`);

  const [order] = await sql<{ status: string; payment_method: string; total_cents: number; store_credit_cents: number }>(
    'select status, payment_method, total_cents, store_credit_cents from orders where id = $1',
    [orderId],
  );
  expect(order).toEqual({ status: 'paid', payment_method: 'store-credit', total_cents: total, store_credit_cents: total });
  expect(await sql('select 1 from sandbox_payments where external_reference = $1', [orderId])).toHaveLength(0);
  const [ledger] = await sql<{ balance: string }>('select sum(amount_cents) as balance from store_credit_entries where user_id = (select id from users where email = $1)', [email]);
  expect(Number(ledger!.balance)).toBe(BALANCE_CENTS - total);
});
