/**
 * Cart, checkout and order confirmation in the browser (storefront.md 2-5, 8, 9):
 * - the cart refreshes its prices from the service (a changed price and a removed product are
 *   shown; the stale local price is replaced);
 * - a signed-out shopper is sent to /auth and comes back to /checkout after signing in;
 * - every field rule gives its 'field: message' line under 'Dados inválidos', tied to its input;
 * - a purchase with each payment method (card approved -> 'paid'; PIX payload + QR code; boleto
 *   47-digit line), checked in PostgreSQL (order, items, stock);
 * - a declined card shows the service's message and keeps the cart; a lost answer is retried
 *   with the same Idempotency-Key and charges once.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatBRL, installmentPlan } from '@prata/contracts';
import { confirmedAccount } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { addToCart, createProduct, fillAddress, fillCard, tableFreight } from './support/shop.ts';
import { submitSignIn } from './support/ui.ts';

test.describe.configure({ timeout: 60_000 });

const CART_KEY = 'prata925:cart';
async function stockOf(id: string): Promise<number> {
  const [row] = await sql<{ stock: number }>('select stock from products where id = $1', [id]);
  return row!.stock;
}

async function signIn(page: Page, email: string, password: string, path = '/auth') {
  if (path) await page.goto(path);
  await submitSignIn(page, email, password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
}

async function cartItems(page: Page): Promise<{ id: string; quantity: number; priceCents: number }[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{"state":{"items":[]}}').state.items, CART_KEY);
}

/** Signs a new customer in, puts `quantity` units of a fresh product in the cart and opens /checkout. */
async function readyToCheckout(page: Page, prefix: string, priceCents: number, quantity: number, stock = 5) {
  const account = await confirmedAccount(prefix);
  const product = await createProduct(priceCents, stock);
  await signIn(page, account.email, account.password);
  await addToCart(page, product.name, quantity);
  await page.goto('/carrinho');
  await page.getByRole('link', { name: 'Finalizar Compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled();
  return { account, product };
}

/** Submits and waits for the confirmation; `processing`: the 2 s acquirer wait shows 'Processando...'. */
async function placeOrder(page: Page, processing = true): Promise<string> {
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  if (processing) await expect(page.getByRole('button', { name: 'Processando...' })).toBeVisible();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('pedido')!;
  await expect(page.getByTestId('order-number')).toHaveText(/^P925-[2-9A-HJKMNP-TV-Z]{5}$/);
  return id;
}

interface OrderRow {
  status: string;
  total_cents: number;
  payment_method: string;
  customer_email: string;
  state: string;
  complement: string | null;
  card_last4: string | null;
  installments: number | null;
  pix_payload: string | null;
  boleto_line: string | null;
  number: string;
}

async function orderRows(id: string) {
  const [order] = await sql<OrderRow & Record<string, unknown>>('select * from orders where id = $1', [id]);
  const items = await sql<{ product_id: string; quantity: number; unit_price_cents: number; total_price_cents: number }>(
    'select product_id, quantity, unit_price_cents, total_price_cents from order_items where order_id = $1',
    [id],
  );
  return { order: order!, items };
}

test('the cart shows the refreshed price after it changed in the database, and drops a removed product', async ({ page }) => {
  const ring = await createProduct(10_000, 5);
  const gone = await createProduct(5_000, 5);
  await addToCart(page, ring.name);
  await page.goto(`/produtos?search=${encodeURIComponent(gone.name)}`);
  await page.getByRole('button', { name: `Adicionar ${gone.name} ao carrinho` }).click();

  await page.goto('/carrinho');
  const line = page.getByTestId('cart-item').filter({ hasText: ring.name });
  await expect(line).toContainText(/R\$\s100,00/);

  await sql('update products set price_cents = 12500 where id = $1', [ring.id]);
  await sql('delete from products where id = $1', [gone.id]);
  await page.reload();
  await expect(line).toContainText(/R\$\s125,00/);
  const notices = page.getByTestId('cart-notices');
  await expect(notices).toContainText(new RegExp(`O preço de ${ring.name} mudou de R\\$\\s100,00 para R\\$\\s125,00\\.`));
  await expect(notices).toContainText(`${gone.name} não está mais disponível e foi removido do carrinho.`);
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByRole('complementary', { name: 'Resumo' })).toContainText(/Total\s*R\$\s125,00/);
  await expect(page.getByRole('complementary', { name: 'Resumo' })).toContainText('Calcule pelo CEP');
  expect(await cartItems(page)).toEqual([expect.objectContaining({ id: ring.id, priceCents: 12_500, quantity: 1 })]);

  // Quantity rules in the browser: the minus button stops at 1, a non-number gives 1.
  await page.getByRole('button', { name: `Aumentar quantidade de ${ring.name}` }).click();
  await expect(page.getByLabel(`Quantidade de ${ring.name}`, { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: `Diminuir quantidade de ${ring.name}` }).click();
  await expect(page.getByRole('button', { name: `Diminuir quantidade de ${ring.name}` })).toBeDisabled();
  await page.getByLabel(`Quantidade de ${ring.name}`, { exact: true }).fill('abc');
  await expect(page.getByLabel(`Quantidade de ${ring.name}`, { exact: true })).toHaveValue('1');

  await page.getByRole('button', { name: 'Limpar carrinho' }).click();
  await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver Produtos' })).toHaveAttribute('href', '/produtos');
});

test('a signed-out shopper going to /checkout signs in at /auth and comes back', async ({ page }) => {
  const product = await createProduct(9_900, 5);
  const account = await confirmedAccount('checkout-guest');
  await addToCart(page, product.name);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, account.email, account.password, '');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Finalizar Compra' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByTestId('order-summary')).toContainText(product.name);
});

test("an empty cart at /checkout goes to /carrinho with 'Carrinho vazio'", async ({ page }) => {
  const account = await confirmedAccount('checkout-empty');
  await signIn(page, account.email, account.password);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByText('Carrinho vazio')).toBeVisible();
});

test("every invalid field gives its 'field: message' line under 'Dados inválidos', tied to its input", async ({ page }) => {
  const { account } = await readyToCheckout(page, 'checkout-validation', 10_000, 1);
  const errors = page.getByTestId('checkout-errors');

  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(errors.getByRole('heading', { name: 'Dados inválidos' })).toBeVisible();
  await expect(errors.getByRole('listitem')).toHaveText([
    'Nome completo: Nome completo é obrigatório',
    'Email: Email inválido',
    'Telefone: Telefone inválido',
    'CPF: CPF inválido',
    'CEP: CEP inválido',
    'Endereço: Endereço é obrigatório',
    'Número: Número é obrigatório',
    'Bairro: Bairro é obrigatório',
    'Cidade: Cidade é obrigatória',
    'Estado: Estado inválido',
    'Número do cartão: Número do cartão inválido',
    'Nome no cartão: Nome no cartão é obrigatório',
    'Validade: Validade inválida',
    'CVV: CVV inválido',
  ]);
  await expect(page.getByLabel('CEP')).toHaveAccessibleDescription('CEP inválido');
  await expect(page.getByLabel('Estado')).toHaveAccessibleDescription('Estado inválido');

  // The upper limits, and the card's Luhn, expiry and CVV checks.
  const long = (n: number) => 'a'.repeat(n);
  await page.getByLabel('Nome completo').fill(long(101));
  await page.getByLabel('Email').fill(`${long(250)}@x.com`);
  await page.getByLabel('Telefone').fill('1'.repeat(21));
  await page.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
  // The CEP field is masked 00000-000: extra digits are never typed in.
  await page.getByLabel('CEP').fill('01310-10000');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await page.getByLabel('Endereço').fill(long(201));
  await page.getByLabel('Número', { exact: true }).fill('12345678901');
  await page.getByLabel('Complemento').fill(long(101));
  await page.getByLabel('Bairro').fill(long(101));
  await page.getByLabel('Cidade').fill(long(101));
  await page.getByLabel('Estado').selectOption('SP');
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1112');
  await page.getByLabel('Nome no cartão').fill(long(101));
  await page.getByLabel('Validade').fill('01/20');
  await page.getByLabel('CVV').fill('12');
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const lines = [
    ['Nome completo', 'Nome muito longo'],
    ['Email', 'Email muito longo'],
    ['Telefone', 'Telefone muito longo'],
    ['Endereço', 'Endereço muito longo'],
    ['Número', 'Número muito longo'],
    ['Complemento', 'Complemento muito longo'],
    ['Bairro', 'Bairro muito longo'],
    ['Cidade', 'Cidade muito longa'],
    ['Número do cartão', 'Número do cartão inválido'],
    ['Nome no cartão', 'Nome no cartão muito longo'],
    ['Validade', 'Validade inválida'],
    ['CVV', 'CVV inválido'],
  ] as const;
  await expect(errors.getByRole('listitem')).toHaveText(lines.map(([label, message]) => `${label}: ${message}`));
  for (const [label, message] of lines) {
    const input = page.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(new RegExp(message));
  }
  // The CVV input takes 3 digits at most (storefront.md 5).
  await page.getByLabel('CVV').fill('12345');
  await expect(page.getByLabel('CVV')).toHaveValue('123');
  expect(await sql('select o.id from orders o join users u on u.id = o.user_id where u.email = $1', [account.email])).toEqual([]);
});

test("a card purchase is approved: 'paid', the order, its items and the stock in PostgreSQL", async ({ page }) => {
  const { account, product } = await readyToCheckout(page, 'checkout-card', 15_990, 2);
  await fillAddress(page);
  await fillCard(page, '4111 1111 1111 1111', '3');
  // The goods and the store table's PAC to São Paulo (the suite's carrier is down), in 3 instalments.
  const pac = await tableFreight('SE', 'PAC');
  const total = 31_980 + pac.priceCents;
  const [first] = installmentPlan(total, 3);
  await expect(page.getByLabel('Parcelas').locator('option:checked')).toContainText(formatBRL(first!));
  await expect(page.getByTestId('delivery-estimate')).toHaveText(`Entrega em ${pac.minDays} a ${pac.maxDays} dias úteis (PAC).`);
  const id = await placeOrder(page);

  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('payment-card')).toContainText('Visa final 1111');
  await expect(page.getByTestId('payment-card')).toContainText(formatBRL(first!));
  await expect(page.getByTestId('order-confirmation')).toContainText(`${pac.minDays} a ${pac.maxDays} dias úteis por PAC`);
  await expect(page.getByTestId('order-confirmation')).toContainText('Seu pedido será processado em até 24 horas.');
  await expect(page.getByRole('link', { name: 'Continuar comprando' })).toHaveAttribute('href', '/produtos');
  expect(await cartItems(page)).toEqual([]);

  const { order, items } = await orderRows(id);
  expect(order).toMatchObject({ status: 'paid', total_cents: total, payment_method: 'credit-card', customer_email: account.email, state: 'SP', complement: 'Apto 42', card_last4: '1111', installments: 3 });
  await expect(page.getByTestId('order-number')).toHaveText(order.number);
  expect(items).toEqual([{ product_id: product.id, quantity: 2, unit_price_cents: 15_990, total_price_cents: 31_980 }]);
  expect(await stockOf(product.id)).toBe(3);
});

test('a PIX purchase shows the copia e cola payload, its QR code and the expiry; pending in PostgreSQL', async ({ page }) => {
  const { product } = await readyToCheckout(page, 'checkout-pix', 7_450, 1);
  await fillAddress(page);
  // A Porto Alegre address: the freight follows the CEP's region.
  await page.getByLabel('CEP').fill('90010-000');
  await page.getByLabel('Cidade').fill('Porto Alegre');
  await page.getByLabel('Bairro').fill('Centro Histórico');
  await page.getByLabel('Estado').selectOption('RS');
  const pac = await tableFreight('S', 'PAC');
  await expect(page.getByTestId('delivery-estimate')).toHaveText(`Entrega em ${pac.minDays} a ${pac.maxDays} dias úteis (PAC).`);
  await page.getByLabel('PIX', { exact: true }).check();
  const id = await placeOrder(page);

  const pix = page.getByTestId('payment-pix');
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  const payload = await pix.getByLabel('PIX copia e cola').inputValue();
  expect(payload).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  const qr = pix.getByRole('img', { name: 'QR Code PIX' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expect(pix).toContainText('30 minutos');
  await expect(pix).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
  await expect(pix.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
  await expect(page.getByTestId('order-confirmation')).toContainText(`${pac.minDays} a ${pac.maxDays} dias úteis`);

  const { order, items } = await orderRows(id);
  expect(order).toMatchObject({ status: 'pending', total_cents: 7_450 + pac.priceCents, payment_method: 'pix', pix_payload: payload, card_last4: null, state: 'RS' });
  expect(items).toEqual([{ product_id: product.id, quantity: 1, unit_price_cents: 7_450, total_price_cents: 7_450 }]);
  expect(await stockOf(product.id)).toBe(4);
});

test('a boleto purchase shows the 47-digit line and the due date; pending in PostgreSQL', async ({ page }) => {
  const { product } = await readyToCheckout(page, 'checkout-boleto', 20_000, 3, 3);
  await fillAddress(page);
  await page.getByLabel('Boleto bancário').check();
  await page.getByLabel('CPF do pagador').fill('52998224725');
  await expect(page.getByLabel('CPF do pagador')).toHaveValue('529.982.247-25');
  const id = await placeOrder(page);

  const boleto = page.getByTestId('payment-boleto');
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  const line = await boleto.getByLabel('Linha digitável').inputValue();
  expect(line.replace(/\D/g, '')).toHaveLength(47);
  await expect(boleto).toContainText(/Vencimento: \d{2}\/\d{2}\/\d{4}/);
  await expect(boleto.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();

  const { order, items } = await orderRows(id);
  expect(order).toMatchObject({ status: 'pending', total_cents: 60_000 + (await tableFreight('SE', 'PAC')).priceCents, payment_method: 'boleto' });
  expect(order.boleto_line!.replace(/\D/g, '')).toBe(line.replace(/\D/g, ''));
  expect(items).toEqual([{ product_id: product.id, quantity: 3, unit_price_cents: 20_000, total_price_cents: 60_000 }]);
  expect(await stockOf(product.id)).toBe(0);
});

test("a declined card shows the service's message and keeps the cart; another card then goes through", async ({ page }) => {
  const { account, product } = await readyToCheckout(page, 'checkout-declined', 12_000, 1);
  await fillAddress(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page.getByRole('button', { name: 'Processando...' })).toBeVisible();
  await expect(page.getByText('Erro no processamento')).toBeVisible();
  await expect(page.getByText('Pagamento recusado pela operadora. Verifique os dados do cartão ou use outra forma de pagamento.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await cartItems(page)).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })]);
  const [declined] = await sql<{ status: string; cancel_reason: string }>(
    'select o.status, o.cancel_reason from orders o join users u on u.id = o.user_id where u.email = $1',
    [account.email],
  );
  expect(declined).toEqual({ status: 'cancelled', cancel_reason: 'payment_declined' });
  expect(await stockOf(product.id)).toBe(5);

  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await placeOrder(page);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  expect(await stockOf(product.id)).toBe(4);
});

test('a retry after a lost answer reuses the Idempotency-Key: one order, stock taken once', async ({ page }) => {
  const { account, product } = await readyToCheckout(page, 'checkout-retry', 5_000, 1);
  await fillAddress(page);
  await page.getByLabel('PIX', { exact: true }).check();
  const keys: string[] = [];
  let lose = true;
  await page.route(
    (url) => url.pathname === '/api/orders',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
      if (!lose) return route.fallback();
      lose = false;
      await route.fetch(); // the service places the order...
      await route.abort('connectionreset'); // ...but the answer never reaches the browser
    },
  );
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page.getByText('Tente novamente em alguns instantes.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const id = await placeOrder(page, false); // the service answers the placed order at once

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const orders = await sql<{ id: string }>('select o.id from orders o join users u on u.id = o.user_id where u.email = $1', [account.email]);
  expect(orders).toEqual([{ id }]);
  expect(await stockOf(product.id)).toBe(4);
});
