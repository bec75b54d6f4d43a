/**
 * A card payment through Mercado Pago's browser SDK with the shop's real CSP in force. A second
 * store runs as `npm start` runs it, with `PAYMENT_PROVIDER=mercadopago`
 * and every acquirer URL pointing at the local double (services/api/test/mercadopago-double.ts)
 * on three origins, as Mercado Pago serves them: MercadoPago.js v2 from one, its secure-field
 * frames from a second (fetched by the SDK, then framed), the acquirer's API from a third; each
 * answers only its own paths. The shell's CSP is derived from those settings; any CSP violation
 * fails the test. The card is typed into the acquirer's frames only: neither the page's requests
 * to the store nor the order carry the card number, and the order is paid with the token the
 * frames made.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { MercadoPagoDouble } from '../services/api/test/mercadopago-double.ts';
import { uniqueEmail } from './support/accounts.ts';
import { E2E } from './support/environment.ts';
import { addToCart, fillAddress, tableFreight } from './support/shop.ts';
import { startStore, type RunningStore } from './support/store-process.ts';
import { signInAsCustomer } from './support/ui.ts';

const double = new MercadoPagoDouble();
let store: RunningStore;
const ports = E2E.acquirerStorePorts;

test.describe.configure({ timeout: 180_000 });
test.use({ baseURL: `http://127.0.0.1:${ports.shell}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await double.start();
  store = await startStore(ports, {
    PAYMENT_PROVIDER: 'mercadopago',
    MERCADOPAGO_ACCESS_TOKEN: double.accessToken,
    MERCADOPAGO_PUBLIC_KEY: double.publicKey,
    MERCADOPAGO_WEBHOOK_SECRET: double.webhookSecret,
    MERCADOPAGO_API_URL: double.url,
    MERCADOPAGO_SDK_URL: `${double.sdkOrigin}/js/v2`,
    MERCADOPAGO_FIELDS_ORIGIN: double.fieldsOrigin,
    SEED: 'never',
  });
});
test.afterAll(async () => {
  await store?.stop();
  await double.stop();
});

async function sql<T extends Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(query, params)).rows;
  } finally {
    await client.end();
  }
}

/** A confirmed customer of the second store (sign-up, then the link of its outbox). */
async function confirmedCustomer(password: string): Promise<string> {
  const email = uniqueEmail('card-sdk');
  const post = (path: string, body: unknown) => fetch(`${store.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/auth/sign-up', { email, password, fullName: 'Cliente Cartão' })).status).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i += 1) {
    link = (await sql<{ link: string | null }>('select link from outbox_emails where "to" = $1 order by created_at desc limit 1', [email]))[0]?.link ?? undefined;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await post('/api/auth/confirm-email', { token: new URL(link!).searchParams.get('confirmar') })).status).toBe(200);
  return email;
}

/** A product of the second store with 4 units, named `name`. */
async function insertProduct(name: string): Promise<{ id: string }> {
  const [product] = await sql<{ id: string }>(
    `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
     values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), $1, 'aneis', 25000, 'Produto do teste de cartão', null, false, false, false, 4, now(), now()) returning id`,
    [name],
  );
  return product!;
}

test('pays by card in the acquirer secure fields under the shop CSP, without a violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  const storeRequests: string[] = [];
  const acquirerOrigins = [double.url, double.sdkOrigin, double.fieldsOrigin];
  expect(new Set(acquirerOrigins).size).toBe(3);
  page.on('request', (request) => {
    if (!acquirerOrigins.some((origin) => request.url().startsWith(origin))) storeRequests.push(`${request.url()} ${request.postData() ?? ''}`);
  });

  const password = 'segredo123';
  const email = await confirmedCustomer(password);
  const name = `Anel Cartão E2E ${Date.now()}`;
  const product = await insertProduct(name);

  const home = await page.goto('/');
  const policy = home!.headers()['content-security-policy']!;
  expect(policy).toContain(`script-src 'self'`);
  const directive = (name: string) => policy.split(';').find((d) => d.trim().startsWith(`${name} `))!.trim().split(/\s+/).slice(1);
  expect(directive('script-src')).toContain(double.sdkOrigin);
  // The frames' origin, and not the SDK's: the SDK fetches a field's page, then frames it.
  expect(directive('frame-src')).toContain(double.fieldsOrigin);
  expect(directive('frame-src')).not.toContain(double.sdkOrigin);
  expect(directive('connect-src')).toEqual(expect.arrayContaining([double.url, double.fieldsOrigin]));

  await signInAsCustomer(page, email, password, store.apiUrl);
  await addToCart(page, name);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByLabel('Cartão de crédito').check();
  const number = page.frameLocator('#checkout-cardNumber iframe').getByLabel('Número do cartão');
  await number.fill('4111 1111 1111 1111');
  await page.frameLocator('#checkout-cardExpiry iframe').getByLabel('Validade (MM/AA)').fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.frameLocator('#checkout-cardCvv iframe').getByLabel('CVV').fill('123');
  await page.getByLabel('Nome no cartão').fill('MARIA SILVA');
  await page.getByLabel('Parcelas').selectOption('2');
  // The brand comes from the BIN the number frame reports (getPaymentMethods on the acquirer's API).
  await expect.poll(() => double.requests.some((r) => r.path.startsWith('/v1/payment_methods/search'))).toBe(true);
  // The three card frames are documents of the secure fields' origin.
  const cardFrames = page.frames().filter((frame) => frame.name().startsWith('mp-secure-field-'));
  expect(cardFrames.map((frame) => new URL(frame.url()).origin)).toEqual([double.fieldsOrigin, double.fieldsOrigin, double.fieldsOrigin]);
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();

  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('payment-card')).toContainText('Visa final 1111');
  const orderId = new URL(page.url()).searchParams.get('pedido')!;
  const [order] = await sql<{ status: string; card_last4: string; installments: number; payment_reference: string }>('select status, card_last4, installments, payment_reference from orders where id = $1', [orderId]);
  expect(order).toMatchObject({ status: 'paid', card_last4: '1111', installments: 2 });

  // Each origin served its own part: the script, the frames (fetched, then framed), the API.
  expect(new Set(double.requests.filter((r) => r.server === 'sdk').map((r) => r.path))).toEqual(new Set(['/js/v2']));
  expect(new Set(double.requests.filter((r) => r.server === 'fields').map((r) => r.path.split('?')[0]))).toEqual(
    new Set(['/secure-fields/cardNumber', '/secure-fields/expirationDate', '/secure-fields/securityCode']),
  );
  // The token was made by the acquirer's frame, and the payment charged it.
  const tokenCall = double.requests.find((r) => r.method === 'POST' && r.path.startsWith('/v1/card_tokens'))!;
  expect(tokenCall.server).toBe('api');
  expect(tokenCall.headers.origin).toBe(double.fieldsOrigin);
  const charge = double.requests.find((r) => r.method === 'POST' && r.path === '/v1/payments' && r.body?.external_reference === orderId)!;
  // The goods and the store table's freight to São Paulo.
  expect(charge.body).toMatchObject({ payment_method_id: 'visa', installments: 2, transaction_amount: (25_000 + (await tableFreight('SE', 'PAC')).priceCents) / 100 });
  expect(String(charge.body!.token)).toMatch(/^[0-9a-f]{32}$/);
  expect(order!.payment_reference).toBe(String(double.paymentOf(orderId).id));
  // No request of the shop's page carried the card number.
  expect(storeRequests.filter((line) => /4111\s?1111\s?1111\s?1111|4111111111111111/.test(line))).toEqual([]);
  expect(storeRequests.some((line) => line.includes('/api/orders'))).toBe(true);
  expect(product).toBeTruthy();
  expect(violations).toEqual([]);
});

test('never shows in-page card inputs when the payment configuration fails to load; PIX still pays', async ({ page }) => {
  const password = 'segredo123';
  const email = await confirmedCustomer(password);
  const name = `Anel Sem Config E2E ${Date.now()}`;
  await insertProduct(name);
  const acquirerPageRequests = double.requests.filter((r) => r.server !== 'api').length;
  // The API answers everything but the payment configuration.
  let configRequests = 0;
  await page.route('**/api/payments/config', async (route) => {
    configRequests += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable' }) });
  });

  await signInAsCustomer(page, email, password, store.apiUrl);
  await addToCart(page, name);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByLabel('Cartão de crédito').check();
  const message = page.getByTestId('card-payment-unavailable');
  await expect(message).toContainText('Não foi possível carregar o pagamento com cartão. Tente novamente ou escolha PIX ou boleto.');
  // No card input in the page (the sandbox's test form), and no secure field either.
  const cardInputs = page.locator('input[autocomplete^="cc-number"], input[autocomplete^="cc-exp"], input[autocomplete^="cc-csc"], input#checkout-cardNumber, input#checkout-cardExpiry, input#checkout-cardCvv');
  await expect(cardInputs).toHaveCount(0);
  expect(page.frames().filter((frame) => frame.name().startsWith('mp-secure-field-'))).toEqual([]);
  // MercadoPago.js was not even loaded: without the configuration the page does not know the SDK.
  expect(double.requests.filter((r) => r.server !== 'api').length).toBe(acquirerPageRequests);

  // A retry asks again; still failing, still no card input.
  const before = configRequests;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect.poll(() => configRequests).toBeGreaterThan(before);
  await expect(message).toBeVisible();
  await expect(cardInputs).toHaveCount(0);
  // A card order is not sent.
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page.getByText('Pagamento com cartão indisponível')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel('PIX', { exact: true }).check();
  await expect(message).toBeHidden();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('pedido')!;
  expect(double.paymentOf(orderId).payment_method_id).toBe('pix');
  await expect(cardInputs).toHaveCount(0);
});
