/**
 * Cart reminders, in Chromium against the production build: a signed-in shopper turns the
 * reminders on in 'Minha conta' and leaves a piece in the cart (saved on the server while signed
 * in); the cart is dated back past the first delay (the store looks for due reminders every 5 s in
 * the suite), so the reminder e-mail goes out (read from the store's mail outbox); its link, opened
 * in a fresh browser (no session, no stored cart, as on another phone), fills the cart with the
 * piece at the catalogue's price; signing in and buying there counts the cart as recovered.
 */
import { expect, test } from '@playwright/test';
import { CART_RECOVERY_PATH, formatBRL } from '@prata/contracts';
import { confirmedAccount } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { addToCart, createProduct, fillAddress } from './support/shop.ts';
import { signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 120_000 });

test('a cart left behind is recovered through the link of its reminder, in another browser', async ({ page, browser }) => {
  const account = await confirmedAccount('carrinho');
  const product = await createProduct(21_990, 4);
  await signInAsCustomer(page, account.email, account.password);

  await page.goto('/minha-conta');
  const optIn = page.getByLabel('Quero receber um e-mail quando eu deixar peças no carrinho');
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await expect(page.getByText('Lembretes do carrinho ativados')).toBeVisible();

  await addToCart(page, product.name);
  const cartOf = () => sql<{ lines: { productId: string; quantity: number }[] }>('select c.lines from carts c join users u on u.id = c.user_id where u.email = $1', [account.email]);
  await expect.poll(async () => (await cartOf())[0]?.lines, { timeout: 15_000 }).toEqual([{ productId: product.id, variantId: null, engraving: null, quantity: 1 }]);

  // Left for two hours: past the first reminder's delay (1 h).
  await sql(`update carts set updated_at = now() - interval '2 hours' where user_id = (select id from users where email = $1)`, [account.email]);
  const reminder = async () =>
    (await sql<{ link: string; subject: string }>(`select link, subject from outbox_emails where "to" = $1 and link like $2`, [account.email, `%${CART_RECOVERY_PATH}/%`]))[0];
  await expect.poll(reminder, { timeout: 30_000 }).toBeTruthy();
  const mail = (await reminder())!;
  expect(mail.subject).toBe('Você esqueceu algo no carrinho');

  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(new URL(mail.link).pathname);
    await expect(other).toHaveURL(/\/carrinho$/);
    await expect(other.getByText('Seu carrinho foi recuperado')).toBeVisible();
    await expect(other.getByRole('banner').getByRole('link', { name: 'Carrinho: 1 item' })).toBeVisible();
    await expect(other.getByText(product.name).first()).toBeVisible();
    await expect(other.getByText(formatBRL(21_990)).first()).toBeVisible();

    // Buying it there: the order placed after the link recovers the cart.
    await signInAsCustomer(other, account.email, account.password);
    await other.goto('/checkout');
    await fillAddress(other);
    await other.getByLabel('PIX', { exact: true }).check();
    await other.getByRole('button', { name: 'Finalizar Pedido' }).click();
    await expect(other).toHaveURL(/\/pedido-confirmado\?pedido=[0-9a-f-]{36}$/);
    const recovered = () =>
      sql<{ order_id: string | null }>('select m.order_id from cart_recovery_messages m join users u on u.id = m.user_id where u.email = $1', [account.email]);
    await expect.poll(async () => (await recovered())[0]?.order_id ?? null, { timeout: 15_000 }).not.toBeNull();
  } finally {
    await phone.close();
  }
});
