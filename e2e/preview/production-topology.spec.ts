/**
 * What the production topology serves (docker-compose.yml's units, booted by
 * `npm run preview:production`: the shell's host in front, two API replicas behind nginx, each
 * remote on its own nginx origin, NODE_ENV=production), one flow per behaviour:
 *
 * - pages are server-rendered: without JavaScript, `/` and `/produtos` show product cards with
 *   their prices;
 * - the CSP is enforced: the document carries it, and a script injected into the page does not
 *   run, while a copy of the page's own inline script (its nonce or hash) does;
 * - a card paid in the acquirer's secure fields (the local Mercado Pago double) ends the order paid;
 * - an order placed through replica A reaches an admin's socket held on replica B, live;
 * - a remote is released to the releases bucket and rolled back while the topology runs.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { formatBRL, type RemoteRegistry } from '@prata/contracts';
import { shippingCustomer } from '../../services/api/test/checkout-data.ts';
import { TestSocket } from '../../services/api/test/realtime-client.ts';
import { createOwner, uniqueEmail } from '../support/accounts.ts';
import { addToCart, fillAddress } from '../support/shop.ts';
import { signInAsCustomer } from '../support/ui.ts';
import { PREVIEW, PREVIEW_STORE, PREVIEW_TOOL_ENV, previewCustomer, previewSql } from './preview-store.ts';

interface ApiProduct {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
}

async function api<T>(url: string): Promise<T> {
  const response = await fetch(`${PREVIEW.apiUrl}${url}`);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

/** The page's visible text, with the prices' non-breaking spaces as plain ones. */
const pageText = async (page: Page) => (await page.locator('body').innerText()).replace(/\u00a0/g, ' ');
const brl = (cents: number) => formatBRL(cents).replace(/\u00a0/g, ' ');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page and the catalogue are rendered on the server: product cards with their prices', async ({ page }) => {
    const featured = await api<ApiProduct[]>('/api/products/featured');
    expect(featured.length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page.getByTestId('product-card')).toHaveCount(featured.length);
    const home = await pageText(page);
    for (const product of featured) {
      expect(home).toContain(product.name);
      expect(home).toContain(brl(product.priceCents));
    }

    await page.goto('/produtos');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText(/R\$\s\d/);
  });
});

test('the CSP is enforced: a script injected into the page does not run, the page\'s own inline script does', async ({ page }) => {
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy']!;
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '))!;
  // Inline scripts only by this response's nonce (a page rendered now) or their hashes (a cached page).
  expect(scriptSrc).toMatch(/'(nonce|sha256)-[\w+/=]+'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const own = [...document.scripts].find((script) => !script.src && (!script.type || script.type === 'text/javascript'));
    if (!own) return 'the page has no inline script to copy';
    // A copy of the page's own inline script (its nonce, or its text's hash, allows it), then a script of ours.
    const allowed = document.createElement('script');
    if (own.nonce) allowed.nonce = own.nonce;
    allowed.textContent = own.textContent;
    const injected = document.createElement('script');
    injected.textContent = 'window.prataInjected = true;';
    const violations: EventTarget[] = [];
    const blocked = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(event.target!);
        if (event.target === injected) resolve();
      }),
    );
    document.body.append(allowed, injected);
    await blocked;
    // Violations are reported in order: one for the copy would have come first.
    return { copyBlocked: violations.includes(allowed), injectedRan: 'prataInjected' in window };
  });
  expect(outcome).toEqual({ copyBlocked: false, injectedRan: false });
});

test('a card paid in the acquirer double\'s secure fields ends the order paid', async ({ page }) => {
  const password = 'segredo123';
  const email = await previewCustomer(password);
  const [product] = (await api<ApiProduct[]>('/api/products/featured')).filter((p) => p.stock > 0);
  expect(product).toBeTruthy();

  await signInAsCustomer(page, email, password, PREVIEW.apiUrl);
  await addToCart(page, product!.name);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByLabel('Cartão de crédito').check();
  await page.frameLocator('#checkout-cardNumber iframe').getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.frameLocator('#checkout-cardExpiry iframe').getByLabel('Validade (MM/AA)').fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.frameLocator('#checkout-cardCvv iframe').getByLabel('CVV').fill('123');
  await page.getByLabel('Nome no cartão').fill('MARIA SILVA');
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();

  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  const orderId = new URL(page.url()).searchParams.get('pedido')!;
  const [order] = await previewSql<{ status: string; card_last4: string; payment_reference: string | null }>('select status, card_last4, payment_reference from orders where id = $1', [orderId]);
  expect(order).toMatchObject({ status: 'paid', card_last4: '1111' });
  expect(order!.payment_reference).toMatch(/^\d+$/);
});

test('an order placed through replica A reaches an admin socket held on replica B, live', async () => {
  const [replicaA, replicaB] = PREVIEW.replicaUrls;
  const adminToken = await createOwner({ email: uniqueEmail('preview.owner'), password: 'Prata-Dona-2026!', fullName: 'Dona da Prévia' }, PREVIEW_STORE);
  const onB = await TestSocket.open(replicaB, adminToken);
  await onB.subscribe(['orders']);

  const password = 'segredo123';
  const email = await previewCustomer(password);
  const signIn = await fetch(`${replicaA}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const [product] = (await api<ApiProduct[]>('/api/products/featured')).filter((p) => p.stock > 0);
  const placed = await fetch(`${replicaA}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ items: [{ productId: product!.id, quantity: 1 }], customer: shippingCustomer, payment: { method: 'pix' } }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const order = (await placed.json()) as { id: string };

  await onB.waitFor(() => onB.events().some((event) => event.event === 'OrderPlaced' && event.aggregateId === order.id), 10_000);
  await onB.close();
});

const run = promisify(execFile);
const HERO = path.resolve('mf-storefront/src/features/home/components/hero.tsx');
const OLD_TEXT = 'Joias que acompanham a sua história';
const NEW_TEXT = 'Prata que conta a sua história';

/** `npm run <command> -- <args>` against the preview (the script npm runs); returns stdout. */
async function releaseCommand(command: 'release' | 'rollback', ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['tools/release/src/release-cli.ts', command, ...args], { env: { ...process.env, ...PREVIEW_TOOL_ENV } });
  return stdout.trim();
}

/** The storefront's entry of the registry the replicas serve. */
const storefrontEntry = async () => (await api<RemoteRegistry>('/api/remotes')).find((entry) => entry.name === 'storefront')!;
/** The home page's document as the shell's host renders it. */
const homeDocument = async () => (await fetch(`${PREVIEW.storeUrl}/`, { headers: { accept: 'text/html' } })).text();

test('a remote is released to the releases bucket and rolled back while the topology runs', async ({ page }) => {
  test.setTimeout(180_000);
  const original = await readFile(HERO, 'utf8');
  expect(original).toContain(OLD_TEXT);
  try {
    await writeFile(HERO, original.replace(OLD_TEXT, NEW_TEXT));
    const version = await releaseCommand('release', 'storefront', '--notes', 'prévia de produção');
    await writeFile(HERO, original);
    expect((await storefrontEntry()).manifestUrl).toBe(`${PREVIEW.releasesUrl}/storefront/${version}/mf-manifest.json`);
    // The shell's host renders the released Node build once it has heard of the release (its
    // registry is kept for a few seconds, and dropped when the release's event arrives), and the
    // browser loads its browser build from the bucket.
    await expect.poll(homeDocument, { timeout: 15_000 }).toContain(NEW_TEXT);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: NEW_TEXT })).toBeVisible();

    expect(await releaseCommand('rollback', 'storefront')).toBe('bootstrap');
    expect((await storefrontEntry()).manifestUrl).toBe(`${PREVIEW.remoteUrls.storefront}/mf-manifest.json`);
    await expect.poll(homeDocument, { timeout: 15_000 }).toContain(OLD_TEXT);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
  } finally {
    await writeFile(HERO, original);
  }
});
