/**
 * Order tracking without signing in, in Chromium against the production build: a shopper places a
 * PIX order; the order e-mail's link (`/pedido/<token>`) opens in a fresh browser (no session, as
 * on the phone that read the e-mail) and shows the order's number, status, item and PIX code but
 * not the street; then 'Rastrear pedido' from the footer answers a wrong e-mail with the one
 * generic message and the right one with the same order's page.
 */
import { expect, test } from '@playwright/test';
import { ORDER_TRACKING_NOT_FOUND_MESSAGE } from '@prata/contracts';
import { confirmedAccount, lastLinkTo } from './support/accounts.ts';
import { addToCart, createProduct, fillAddress } from './support/shop.ts';
import { signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 90_000 });

const TRACKING_PATH = /\/pedido\/[A-Za-z0-9_-]{72}$/;

test("an order e-mail's link shows the order without signing in, and Rastrear pedido finds it by number and e-mail", async ({ page, browser }) => {
  const account = await confirmedAccount('rastreio');
  const product = await createProduct(18_990, 3);
  await signInAsCustomer(page, account.email, account.password);
  await addToCart(page, product.name);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByLabel('PIX', { exact: true }).check();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  const code = (await page.getByTestId('order-number').textContent())!;

  const link = await lastLinkTo(account.email);
  expect(link).toMatch(TRACKING_PATH);

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(new URL(link).pathname);
  await expect(phone.getByRole('heading', { name: 'Acompanhar pedido' })).toBeVisible();
  await expect(phone.getByTestId('order-number')).toHaveText(code);
  await expect(phone.getByTestId('order-status')).toHaveAttribute('data-status', 'pending');
  await expect(phone.getByText(`${product.name} × 1`)).toBeVisible();
  await expect(phone.getByTestId('pix-payload')).toBeVisible();
  await expect(phone.getByTestId('order-destination')).toHaveText('Destino: São Paulo/SP');
  await expect(phone.getByText('Avenida Paulista')).toHaveCount(0);

  await phone.getByRole('contentinfo').getByRole('link', { name: 'Rastrear pedido' }).click();
  await expect(phone).toHaveURL(/\/rastrear-pedido$/);
  await phone.getByLabel('Número do pedido').fill(code);
  await phone.getByLabel('E-mail ou CPF').fill('outra.pessoa@example.com');
  await phone.getByRole('button', { name: 'Rastrear pedido' }).click();
  await expect(phone.getByTestId('track-order-problem')).toHaveText(ORDER_TRACKING_NOT_FOUND_MESSAGE);

  await phone.getByLabel('E-mail ou CPF').fill(account.email);
  await phone.getByRole('button', { name: 'Rastrear pedido' }).click();
  await expect(phone).toHaveURL(TRACKING_PATH);
  await expect(phone.getByTestId('order-number')).toHaveText(code);
  await expect(phone.getByText(`${product.name} × 1`)).toBeVisible();
});
