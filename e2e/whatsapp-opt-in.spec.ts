/**
 * The WhatsApp opt-in at checkout, in Chromium against the production build: a shopper who ticks
 * 'Receber atualizações do pedido pelo WhatsApp' places a PIX order that the service stores with
 * the opt-in (and one who does not, without it). The e2e store has no WhatsApp configured
 * (`MESSAGING_PROVIDER=off`), so nothing is sent; the sends are tested in the API's
 * test/whatsapp.test.ts against a double of the Cloud API.
 */
import { expect, test, type Page } from '@playwright/test';
import { confirmedAccount } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { addToCart, createProduct, fillAddress } from './support/shop.ts';
import { signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 90_000 });

/** Places a PIX order of one piece, ticking the WhatsApp opt-in when `optIn`; returns the order's id. */
async function pixOrder(page: Page, optIn: boolean): Promise<string> {
  const account = await confirmedAccount('whatsapp');
  const product = await createProduct(9_990, 3);
  await signInAsCustomer(page, account.email, account.password);
  await addToCart(page, product.name);
  await page.goto('/checkout');
  await fillAddress(page);
  const checkbox = page.getByLabel('Receber atualizações do pedido pelo WhatsApp');
  await expect(checkbox).not.toBeChecked();
  if (optIn) await checkbox.check();
  await page.getByLabel('PIX', { exact: true }).check();
  await page.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(page).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('pedido')!;
}

test('the WhatsApp opt-in ticked at checkout reaches the order, and is off unless ticked', async ({ browser }) => {
  const ticked = await pixOrder(await (await browser.newContext()).newPage(), true);
  const unticked = await pixOrder(await (await browser.newContext()).newPage(), false);
  const rows = await sql<{ id: string; whatsapp_opt_in: boolean }>('select id, whatsapp_opt_in from orders where id = any($1::uuid[])', [[ticked, unticked]]);
  expect(Object.fromEntries(rows.map((row) => [row.id, row.whatsapp_opt_in]))).toEqual({ [ticked]: true, [unticked]: false });
});
