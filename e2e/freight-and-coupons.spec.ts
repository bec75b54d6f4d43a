/**
 * Freight and coupons at checkout, in the browser against the e2e store:
 * - a shopper in Manaus gets the carrier's options (the Melhor Envio double started on the store's
 *   carrier port) with price and days, chooses SEDEX and is charged that price; a lower freight
 *   forged by a client is refused; with the double switched off the same CEP gets the store's
 *   table price with the notice for a package the carrier had not quoted;
 * - a coupon with one use left, two shoppers ordering with it at once: one order has the discount,
 *   the other shopper is told 'Cupom esgotado'.
 * Expected figures come from the double's price rule and the freight table rows, not from the UI.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { COUPON_REFUSALS, FREIGHT_TABLE_NOTICE, SHIPPING_CHANGED_MESSAGE, formatBRL } from '@prata/contracts';
import { MelhorEnvioDouble, melhorEnvioDoublePrice } from '../services/api/test/melhor-envio-double.ts';
import { createConfirmedCustomer } from './support/customers.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { addToCart, createProduct } from './support/shop.ts';
import { signInAsCustomer } from './support/ui.ts';

const PASSWORD = 'segredo123';
const manaus = { zipCode: '69005-010', street: 'Rua Henrique Martins', number: '500', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };

/** Fills the checkout's contact and a Manaus address (the CEP lookup is off in the suite). */
async function fillManaus(page: Page): Promise<void> {
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('Telefone').fill('(92) 98765-4321');
  await page.getByLabel('CPF', { exact: true }).fill('390.533.447-05');
  await page.getByLabel('CEP').fill(manaus.zipCode);
  await page.getByLabel('Endereço').fill(manaus.street);
  await page.getByLabel('Número', { exact: true }).fill(manaus.number);
  await page.getByLabel('Bairro').fill(manaus.neighborhood);
  await page.getByLabel('Cidade').fill(manaus.city);
  await page.getByLabel('Estado').selectOption(manaus.state);
}

async function apiToken(email: string): Promise<string> {
  const response = await fetch(`${E2E.apiUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

test('Manaus: the carrier\'s SEDEX is charged as quoted, a forged freight is refused, and the table answers with its notice when the carrier is off', async ({ page }) => {
  const carrier = new MelhorEnvioDouble();
  await carrier.start(E2E.ports.carrier);
  try {
    const email = await createConfirmedCustomer('frete-manaus', PASSWORD);
    const product = await createProduct(18_990, 5);
    await signInAsCustomer(page, email, PASSWORD);
    await addToCart(page, product.name);
    await page.goto('/checkout');
    await fillManaus(page);
    const options = page.getByTestId('shipping-options');
    const sedex = options.getByRole('radio', { name: /^SEDEX/ });
    await expect(sedex).toBeVisible();
    // The price of the double's rule for the package the service built and sent (SEDEX is its service 2).
    const sent = carrier.requests.at(-1)!.body;
    expect(sent.to.postal_code).toBe('69005010');
    const sedexCents = melhorEnvioDoublePrice(2, sent.package.weight, '69005010');
    await expect(options).toContainText(`SEDEX (Correios): ${formatBRL(sedexCents)}`);
    await expect(options).not.toContainText(FREIGHT_TABLE_NOTICE);
    await sedex.check();
    const summary = page.getByTestId('order-summary');
    await expect(summary.getByTestId('totals-shipping')).toContainText(formatBRL(sedexCents));
    await expect(summary).toContainText(`Total${formatBRL(18_990 + sedexCents)}`);
    await page.getByLabel('PIX', { exact: true }).check();
    await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('pedido')!;
    await expect(page.getByTestId('totals-shipping')).toContainText(formatBRL(sedexCents));
    const [order] = await sql<{ shipping_cents: number; total_cents: number; shipping_service_name: string; state: string }>(
      'select shipping_cents, total_cents, shipping_service_name, state from orders where id = $1',
      [orderId],
    );
    expect(order).toEqual({ shipping_cents: sedexCents, total_cents: 18_990 + sedexCents, shipping_service_name: 'SEDEX', state: 'AM' });

    // A client sending a lower freight than the service quotes is refused, and nothing is ordered.
    const forged = await fetch(`${E2E.apiUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(email)}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1 }],
        customer: { fullName: 'Ana Souza', email, phone: '92987654321', cpf: '390.533.447-05', ...manaus },
        payment: { method: 'pix' },
        shipping: { serviceId: 'melhorenvio-2', priceCents: sedexCents - 1_000 },
      }),
    });
    expect(forged.status).toBe(409);
    expect(((await forged.json()) as { message: string }).message).toBe(SHIPPING_CHANGED_MESSAGE);
    const [{ count }] = (await sql<{ count: number }>('select count(*)::int as count from orders where customer_email = $1', [email])) as [{ count: number }];
    expect(count).toBe(1);

    // The carrier switched off: a package it has not quoted (two pieces: quotes are cached per
    // package and route) gets the store's table for the North (up to 1 kg), with the notice.
    await carrier.stop();
    const [pac] = await sql<{ base_cents: number }>(`select base_cents from freight_rates where region = 'N' and service = 'PAC'`);
    await addToCart(page, product.name, 2);
    await page.goto('/checkout');
    await fillManaus(page);
    await expect(options).toContainText(FREIGHT_TABLE_NOTICE);
    await expect(options.getByRole('radio', { name: `PAC (Correios): ${formatBRL(pac!.base_cents)}` })).toBeChecked();
  } finally {
    await carrier.stop().catch(() => undefined);
  }
});

/** A signed-in shopper at checkout with the product in the cart, the address filled and `code` applied. */
async function readyWithCoupon(browser: Browser, productName: string, code: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const email = await createConfirmedCustomer('cupom-corrida', PASSWORD);
  await signInAsCustomer(page, email, PASSWORD);
  await addToCart(page, productName);
  await page.goto('/checkout');
  await fillManaus(page);
  await expect(page.getByTestId('shipping-options').getByRole('radio').first()).toBeChecked();
  await page.getByLabel('PIX', { exact: true }).check();
  await page.getByLabel('Código do cupom').fill(code);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByTestId('coupon')).toContainText(`Cupom ${code} aplicado`);
  return page;
}

test('a coupon with one use left, two shoppers at once: one order has the discount', async ({ browser }) => {
  // Two shoppers sign in and fill a checkout each before the race.
  test.setTimeout(90_000);
  const product = await createProduct(20_000, 10);
  const code = `ULTIMO${Date.now().toString(36).toUpperCase()}`.slice(0, 30);
  await sql(
    `insert into coupons (id, code, kind, value, max_uses, first_purchase_only, paused, created_at, updated_at)
     values (gen_random_uuid(), $1, 'fixed', 2500, 1, false, false, now(), now())`,
    [code],
  );
  const [first, second] = await Promise.all([readyWithCoupon(browser, product.name, code), readyWithCoupon(browser, product.name, code)]);
  await Promise.all([first, second].map((page) => page.getByRole('button', { name: 'Finalizar Pedido' }).click()));
  const outcome = async (page: Page) => {
    const placed = page.waitForURL(/\/pedido-confirmado\?pedido=/, { timeout: 15_000 }).then(() => 'placed' as const);
    const refused = page.getByText(COUPON_REFUSALS.coupon_exhausted).waitFor({ timeout: 15_000 }).then(() => 'refused' as const);
    return Promise.race([placed, refused]);
  };
  const outcomes = await Promise.all([outcome(first), outcome(second)]);
  expect([...outcomes].sort()).toEqual(['placed', 'refused']);
  const winner = outcomes[0] === 'placed' ? first : second;
  await expect(winner.getByTestId('totals-coupon')).toContainText(`Cupom ${code}`);
  await expect(winner.getByTestId('totals-coupon')).toContainText(formatBRL(2_500));
  const [row] = await sql<{ redemptions: number; orders: number }>(
    `select (select count(*)::int from coupon_redemptions r join coupons c on c.id = r.coupon_id where c.code = $1) as redemptions,
            (select count(*)::int from orders where coupon_code = $1) as orders`,
    [code],
  );
  expect(row).toEqual({ redemptions: 1, orders: 1 });
  await Promise.all([first.context().close(), second.context().close()]);
});
