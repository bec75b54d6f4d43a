/**
 * What a shopper sees before checkout: with the owner's PIX discount at 5 %, a card and
 * the product page say 'R$ x no PIX' already in the server-rendered HTML (the page's data includes
 * the store's offers) and still after hydration; a Manaus CEP (69005-010, region N) on the product
 * page gets PAC and SEDEX priced by the store's freight table (the e2e store runs with
 * `CARRIER=table`, so the table's notice shows), each price and time computed here from the table's
 * row for region N and the package's weight (the product's weight in the database, or the default
 * item weight, plus the packaging, from the service's settings and their defaults).
 *
 * Setup: the PIX discount and free shipping are set in the database and put back afterwards. The
 * spec quotes a product of its own, at a price no other spec uses: the service keeps a carrier's
 * quote for 10 minutes per package and route (upstream-guard.ts, keyed by weight and declared
 * value), and the freight spec's carrier double quoted Manaus for its own products minutes before,
 * with three services; a package of the same value would get that answer back.
 */
import { expect, test } from '@playwright/test';
import { FREIGHT_TABLE_NOTICE } from '@prata/contracts';
import { envSchema } from '../services/api/src/config-env.ts';
import { HANDLING_DAYS } from '../services/api/src/modules/shipping/shipping-quote.service.ts';
import { sql } from './support/database.ts';
import { createProduct } from './support/shop.ts';
import { E2E } from './support/environment.ts';

interface TestProduct {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
}

/** BRL as the store writes it (an independent formatter: Intl pt-BR), plain spaces. */
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');
/** A page's text with non-breaking spaces as plain ones. */
const plain = (text: string) => text.replace(/\u00a0|&nbsp;|&#160;/g, ' ');
/** A page's HTML as the server renders it (no JavaScript run). */
const serverHtml = async (path: string) => plain(await (await fetch(`${E2E.storeUrl}${path}`, { headers: { accept: 'text/html' } })).text());
const PIX_PERCENT = 5;
/** 5 % off, rounded down to the cent (in the shopper's favour), in whole cents. */
const pixOf = (cents: number) => Math.floor((cents * (100 - PIX_PERCENT)) / 100);

/** A price (BRL cents) only this spec gives a product. */
const PRICE_CENTS = 17_430;

let product: TestProduct;
let original: { pix: number; threshold: number | null; regions: unknown };

test.beforeAll(async () => {
  const created = await createProduct(PRICE_CENTS, 5);
  const [row] = await sql<{ slug: string }>('select slug from products where id = $1', [created.id]);
  product = { ...created, slug: row!.slug, priceCents: PRICE_CENTS };
  const [settings] = await sql<{ pix_discount_percent: number; free_shipping_threshold_cents: number | null; free_shipping_regions: unknown }>(
    'select pix_discount_percent, free_shipping_threshold_cents, free_shipping_regions from store_settings',
  );
  original = { pix: settings!.pix_discount_percent, threshold: settings!.free_shipping_threshold_cents, regions: settings!.free_shipping_regions };
  // Free shipping off, so every option keeps the table's price.
  await sql('update store_settings set pix_discount_percent = $1, free_shipping_threshold_cents = null, free_shipping_regions = null', [PIX_PERCENT]);
});

test.afterAll(async () => {
  await sql('update store_settings set pix_discount_percent = $1, free_shipping_threshold_cents = $2, free_shipping_regions = $3', [original.pix, original.threshold, JSON.stringify(original.regions)]);
});

test('the PIX price is in the server-rendered card and product page, and stays after hydration', async ({ page }) => {
  const pix = `${brl(pixOf(product.priceCents))} no PIX`;
  expect(await serverHtml(`/produtos?search=${encodeURIComponent(product.name)}`)).toContain(pix);
  expect(await serverHtml(`/produtos/${product.slug}`)).toContain(pix);

  await page.goto(`/produtos?search=${encodeURIComponent(product.name)}`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  const card = page.getByTestId('product-card').filter({ hasText: product.name }).first();
  await expect(card.getByTestId('pix-price')).toHaveText(pix.replace(' ', '\u00a0'));

  await page.goto(`/produtos/${product.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  await expect(page.getByTestId('pix-price').first()).toHaveText(pix.replace(' ', '\u00a0'));
});

test("a Manaus CEP on the product page gets PAC and SEDEX from the store's table, with the notice", async ({ page }) => {
  const [row] = await sql<{ weight_grams: number | null }>('select weight_grams from products where id = $1', [product.id]);
  const packagingGrams = envSchema.shape.PACKAGE_WEIGHT_G.parse(process.env.PACKAGE_WEIGHT_G);
  const itemGrams = row!.weight_grams ?? envSchema.shape.DEFAULT_ITEM_WEIGHT_G.parse(process.env.DEFAULT_ITEM_WEIGHT_G);
  const extraKg = Math.max(0, Math.ceil((packagingGrams + itemGrams - 1000) / 1000));
  const rates = await sql<{ service: string; base_cents: number; per_extra_kg_cents: number; min_days: number; max_days: number }>(
    "select service, base_cents, per_extra_kg_cents, min_days, max_days from freight_rates where region = 'N' order by base_cents",
  );
  expect(rates.map((rate) => rate.service).sort()).toEqual(['PAC', 'SEDEX']);

  await page.goto(`/produtos/${product.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  await page.getByLabel('Calcular frete e prazo').fill('69005010');
  await expect(page.getByLabel('Calcular frete e prazo')).toHaveValue('69005-010');
  await page.getByRole('button', { name: 'Calcular' }).click();

  const options = page.getByTestId('shipping-options').getByRole('listitem');
  await expect(options).toHaveCount(2);
  for (const [index, rate] of rates.entries()) {
    const text = plain(await options.nth(index).innerText());
    expect(text).toContain(rate.service);
    expect(text).toContain('Correios');
    expect(text).toContain(brl(rate.base_cents + extraKg * rate.per_extra_kg_cents));
    expect(text).toContain(`${rate.min_days + HANDLING_DAYS} a ${rate.max_days + HANDLING_DAYS} dias úteis`);
  }
  await expect(page.getByText(FREIGHT_TABLE_NOTICE)).toBeVisible();
  // Remembered for the cart and the checkout.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('prata925:cart') ?? '{}').state?.shippingCep)).toBe('69005-010');
});
