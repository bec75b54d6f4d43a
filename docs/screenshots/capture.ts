/**
 * Captures the store's key screens at 375 px (phone) and 1280 px (desktop) for the docs and the
 * issue notes:
 * home, /produtos, /checkout (the demo customer with a seeded ring in the cart) and the admin
 * panel's users tab (the demo admin). Full-page JPEGs land next to this file.
 *
 * Run against a store started with `npm start` (it prints the demo passwords):
 *   node docs/screenshots/capture.ts <customer password> <admin password> [store URL]
 * The browser is Debian's Chromium (`CHROMIUM_PATH` to use another).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';

const [customerPassword, adminPassword, storeUrl = 'http://127.0.0.1:8080'] = process.argv.slice(2);
if (!customerPassword || !adminPassword) {
  console.error('usage: node docs/screenshots/capture.ts <customer password> <admin password> [store URL]');
  process.exit(2);
}
const OUT = path.dirname(fileURLToPath(import.meta.url));
const WIDTHS = [
  { name: '375', width: 375, height: 812 },
  { name: '1280', width: 1280, height: 800 },
] as const;
const RING = 'Anel Solitário Zircônia';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll('img')) img.loading = 'eager';
    await document.fonts.ready;
    window.scrollTo(0, 0); // a sticky header would otherwise be drawn where the page was scrolled to
    await Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })))));
  });
  const file = path.join(OUT, `${name}.jpg`);
  await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80, animations: 'disabled' });
  console.log(file);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const size of WIDTHS) {
    const context = await browser.newContext({ baseURL: storeUrl, viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await shoot(page, `home-${size.name}`);

    await page.goto('/produtos');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await shoot(page, `catalogue-${size.name}`);

    await page.goto('/auth');
    await page.getByLabel('Email').fill('cliente@demo.prata925.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(customerPassword);
    await page.getByRole('button', { name: 'Entrar' }).last().click();
    await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
    await page.goto(`/produtos?search=${encodeURIComponent(RING)}`);
    await page.getByRole('button', { name: `Adicionar ${RING} ao carrinho` }).click();
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Finalizar Pedido' })).toBeEnabled();
    await page.getByLabel('PIX', { exact: true }).check();
    await shoot(page, `checkout-${size.name}`);
    await context.clearCookies();

    const admin = await browser.newContext({ baseURL: storeUrl, viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin/login');
    const form = adminPage.getByRole('form', { name: 'Login administrativo' });
    await form.getByLabel('Email').fill('admin@demo.prata925.com.br');
    await form.getByLabel('Senha', { exact: true }).fill(adminPassword);
    await form.getByRole('button', { name: 'Acessar Painel' }).click();
    await expect(adminPage).toHaveURL(/\/admin$/);
    await adminPage.goto('/admin/users');
    await expect(adminPage.getByTestId('admin-user-list')).toBeVisible();
    await shoot(adminPage, `admin-${size.name}`);
    await context.close();
    await admin.close();
  }
} finally {
  await browser.close();
}
