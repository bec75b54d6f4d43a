/**
 * Visual snapshots: the component gallery and the key pages (home, /produtos,
 * /carrinho, /checkout with a seeded ring in the cart, /admin/login) at 375 px (phone) and
 * 1280 px (desktop), plus the gallery's dialog and sheet. Baselines live in e2e/__screenshots__/visual.spec.ts/ (playwright.config.ts
 * `snapshotPathTemplate`) and were made on Debian's Chromium; refresh them with
 * `npx playwright test e2e/visual.spec.ts --update-snapshots` after an intended change.
 *
 * Stability: animations disabled, caret hidden, fonts and every image loaded first (lazy images
 * made eager), the catalogue holding the seeded products only: the products other specs add (named
 * 'E2E') are drafts while this file runs (so the server-rendered lists leave them out too: a
 * draft is never listed) and the browser's catalogue calls are answered without them,
 * and the dynamic regions masked (toasts, the footer's year, the signed-in shopper's e-mail).
 * Threshold: a snapshot may differ in at most 1% of its pixels (`maxDiffPixelRatio: 0.01`), enough
 * for anti-aliasing noise, far below any real change of layout, colour or type.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { productListSchema } from '@prata/contracts';
import { confirmedAccount } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { addToCart } from './support/shop.ts';
import { settle, signInAsCustomer } from './support/ui.ts';

const MAX_DIFF_PIXEL_RATIO = 0.01;
const VIEWPORTS = [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
] as const;

/** Answers the catalogue calls with the seeded products only, in a fixed order. */
async function seededCatalogueOnly(page: Page) {
  await page.route(/\/api\/products(\/featured)?(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const products = productListSchema
      .parse(await response.json())
      .filter((product) => !/E2E/.test(product.name))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
    await route.fulfill({ response, json: products });
  });
}

/** A seeded product (stable name, price and picture) for the checkout snapshot. */
const SEEDED_RING = 'Anel Solitário Zircônia';

async function snapshot(page: Page, name: string, fullPage = true, mask: Locator[] = []) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    fullPage,
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
    mask: [page.locator('[data-sonner-toaster]'), page.getByText(/© \d{4} Prata 925/), ...mask],
  });
}

let hidden: string[] = [];
test.beforeAll(async () => {
  hidden = (await sql<{ id: string }>(`update products set status = 'draft' where name like '%E2E%' and status = 'active' returning id`)).map((row) => row.id);
});
test.afterAll(async () => {
  if (hidden.length > 0) await sql(`update products set status = 'active' where id = any($1::uuid[])`, [hidden]);
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await seededCatalogueOnly(page);
    });

    test('home', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('list', { name: 'Produtos em destaque' }).getByTestId('product-card')).toHaveCount(8);
      await snapshot(page, `home-${viewport.name}`);
    });

    test('catalogue', async ({ page }) => {
      await page.goto('/produtos');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await snapshot(page, `produtos-${viewport.name}`);
    });

    test('empty cart', async ({ page }) => {
      await page.goto('/carrinho');
      await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
      await snapshot(page, `carrinho-${viewport.name}`);
    });

    test('checkout', async ({ page }) => {
      const customer = await confirmedAccount('visual.checkout');
      await signInAsCustomer(page, customer.email, customer.password);
      await addToCart(page, SEEDED_RING);
      await page.goto('/checkout');
      await expect(page.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled();
      await expect(page.getByTestId('order-summary')).toContainText(SEEDED_RING);
      // The e-mail differs per run: the prefilled field and the header's account button are masked.
      await snapshot(page, `checkout-${viewport.name}`, true, [page.getByLabel('Email'), page.getByRole('button', { name: /^Conta de / })]);
    });

    test('admin login', async ({ page }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('button', { name: 'Acessar Painel' })).toBeVisible();
      await snapshot(page, `admin-login-${viewport.name}`);
    });

    test('component gallery', async ({ page }) => {
      await page.goto('/developer/ui');
      await expect(page.getByTestId('component-gallery')).toBeVisible();
      await snapshot(page, `gallery-${viewport.name}`);
    });

    test('component gallery: dialog and sheet', async ({ page }) => {
      await page.goto('/developer/ui');
      await settle(page);
      await page.getByRole('button', { name: 'Abrir diálogo' }).click();
      await expect(page.getByRole('dialog', { name: 'Desativar 2FA?' })).toBeVisible();
      await snapshot(page, `gallery-dialog-${viewport.name}`, false);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Menu (esquerda)' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await snapshot(page, `gallery-sheet-${viewport.name}`, false);
    });
  });
}
