/**
 * The product page: a card's name opens `/produtos/<slug>`; the page shows the gallery
 * (thumbnails moved between with the arrow keys, the main image zoomed in a dialog), the price
 * with its 12x instalment line, and adds to the cart. Without JavaScript the server's page shows
 * the name, the price and the cover image; its head names the product. The old address
 * `/produtos/<id>` answers 301 to the slug, and the sitemap lists the page.
 *
 * Setup: one product's gallery is set to three of the seeded pictures directly in the database
 * (the admin's gallery route is covered by the API tests).
 */
import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';

interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  images: { url: string; alt: string }[];
  variants: unknown[];
}

/** BRL as the store writes it (an independent formatter: Intl pt-BR), plain spaces. */
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');
const ALTS = ['Vista de frente', 'Vista de lado', 'Detalhe do fecho'];

let product: ApiProduct;
/** The gallery's stored keys, in order (the first is the cover). */
let keys: string[];
/** The product's own cover and gallery, put back afterwards (later specs, e.g. the visual ones, see the seeded catalogue). */
let original: { imageKey: string | null; gallery: Record<string, unknown>[] };

test.beforeAll(async () => {
  const products = (await (await fetch(`${E2E.apiUrl}/api/products`)).json()) as ApiProduct[];
  // A piece without sizes (those with variants are e2e/variants.spec.ts's): one unit goes to the cart without a choice.
  const simple = products.filter((item) => item.variants.length === 0);
  product = simple.find((item) => item.images.length > 0 && item.priceCents % 12 !== 0) ?? simple[0]!;
  keys = (await sql<{ image_key: string }>('select image_key from products where image_key is not null order by created_at desc limit 3')).map((row) => row.image_key);
  original = {
    imageKey: (await sql<{ image_key: string | null }>('select image_key from products where id = $1', [product.id]))[0]!.image_key,
    gallery: await sql('select id, image_key, alt, position from product_images where product_id = $1', [product.id]),
  };
  await sql('delete from product_images where product_id = $1', [product.id]);
  for (const [position, key] of keys.entries()) {
    await sql('insert into product_images (id, product_id, image_key, alt, position) values (gen_random_uuid(), $1, $2, $3, $4)', [product.id, key, ALTS[position], position]);
  }
  await sql('update products set image_key = $1 where id = $2', [keys[0], product.id]);
});

test.afterAll(async () => {
  await sql('delete from product_images where product_id = $1', [product.id]);
  for (const row of original.gallery) {
    await sql('insert into product_images (id, product_id, image_key, alt, position) values ($1, $2, $3, $4, $5)', [row.id, product.id, row.image_key, row.alt, row.position]);
  }
  // A change to products also drops the API's cached catalogue (its NOTIFY trigger).
  await sql('update products set image_key = $1 where id = $2', [original.imageKey, product.id]);
});

test('a card opens the page: gallery by keyboard, price with instalments, add to cart', async ({ page }) => {
  await page.goto(`/produtos?search=${encodeURIComponent(product.name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name }).first();
  await card.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/produtos/${product.slug}$`));
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const details = (await page.locator('main').innerText()).replace(/\u00a0/g, ' ');
  expect(details).toContain(brl(product.priceCents));
  expect(details).toMatch(/ou 12x de (até )?R\$ \d+,\d{2} sem juros/);

  const thumbnails = page.getByRole('group', { name: 'Miniaturas' }).getByRole('button');
  await expect(thumbnails).toHaveCount(3);
  await thumbnails.first().focus();
  await page.keyboard.press('ArrowRight');
  const second = page.getByRole('button', { name: ALTS[1], exact: true });
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Ampliar imagem: ${ALTS[1]}` })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: ALTS[2], exact: true })).toBeFocused();

  await page.getByRole('button', { name: `Ampliar imagem: ${ALTS[2]}` }).press('Enter');
  const zoom = page.getByRole('dialog', { name: product.name });
  await expect(zoom).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();

  await page.getByRole('button', { name: 'Adicionar ao carrinho', exact: true }).click();
  await expect(page.getByText('Produto adicionado!')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server page shows the name, the price and the cover image', async ({ page }) => {
    await page.goto(`/produtos/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    expect((await page.locator('main').innerText()).replace(/\u00a0/g, ' ')).toContain(brl(product.priceCents));
    const cover = page.getByRole('button', { name: `Ampliar imagem: ${ALTS[0]}` }).getByRole('img', { name: ALTS[0] });
    await expect(cover).toBeVisible();
    expect((await cover.getAttribute('src'))?.endsWith(`/${keys[0]}`)).toBe(true);
  });
});

test('the head names the product; the sitemap lists its page', async () => {
  const html = await (await fetch(`${E2E.storeUrl}/produtos/${product.slug}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain(`<link rel="canonical" href="${E2E.storeUrl}/produtos/${product.slug}">`);
  expect(html).toMatch(new RegExp(`<title>${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| Prata 925</title>`));
  expect(html).toContain('<meta property="og:type" content="product">');
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { '@type': string; offers?: { priceCurrency: string } });
  expect(jsonLd.find((block) => block['@type'] === 'Product')?.offers?.priceCurrency).toBe('BRL');
  const sitemap = await (await fetch(`${E2E.storeUrl}/sitemap.xml`)).text();
  expect(sitemap).toContain(`<loc>${E2E.storeUrl}/produtos/${product.slug}</loc>`);
});

test('the old id address redirects to the slug (301 on the server)', async ({ page }) => {
  const response = await fetch(`${E2E.storeUrl}/produtos/${product.id}?origem=antiga`, { redirect: 'manual', headers: { accept: 'text/html' } });
  expect(response.status).toBe(301);
  expect(response.headers.get('location')).toBe(`/produtos/${product.slug}?origem=antiga`);
  await page.goto(`/produtos/${product.id}`);
  await expect(page).toHaveURL(new RegExp(`/produtos/${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});
