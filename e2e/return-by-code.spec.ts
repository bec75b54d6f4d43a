/**
 * A return asked from the order-tracking page without signing in, in Chromium against the
 * production build: a card order placed over HTTP and delivered (set up in the database, as the
 * returns spec does); its tracking link opens in a fresh browser (no session); 'Devolver ou
 * trocar' offers sign-in or a code, the code goes to the order's address (shown masked) and is
 * read from the outbox as other specs read mails; the right code opens the same return form as
 * the account's, and the request is approved at once within the withdrawal right.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { approvedCardPayment, shippingCustomer } from '../services/api/test/checkout-data.ts';
import { confirmedAccount } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { createProduct } from './support/shop.ts';

test.describe.configure({ timeout: 90_000 });

/** The code of the newest code e-mail to `to` (waits up to 5 s for it). */
async function codeMailedTo(to: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const [mail] = await sql<{ text: string }>('select text from outbox_emails where "to" = $1 and subject like $2 order by created_at desc limit 1', [to, 'Seu código para devolver ou trocar%']);
    const code = mail ? /é: (\d{6})/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code e-mailed to ${to}`);
}

test('a delivered order is returned from its tracking link with a code e-mailed to the order', async ({ browser, request }) => {
  const account = await confirmedAccount('devolucao-codigo');
  const product = await createProduct(12_990, 3);
  const signIn = await request.post(`${E2E.apiUrl}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const placed = await request.post(`${E2E.apiUrl}/api/orders`, {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    data: { items: [{ productId: product.id, quantity: 1 }], customer: { ...shippingCustomer, email: account.email }, payment: await approvedCardPayment(E2E.apiUrl, accessToken) },
  });
  expect(placed.status()).toBe(201);
  const { id, number } = (await placed.json()) as { id: string; number: string };
  // Shipped and delivered yesterday.
  await sql(
    "update orders set status = 'delivered', carrier = 'Correios', tracking_code = 'QB123456789BR', shipped_at = now() - interval '3 days', delivered_at = now() - interval '1 day' where id = $1 and status = 'paid'",
    [id],
  );
  const lookup = await request.post(`${E2E.apiUrl}/api/order-tracking/lookup`, { data: { orderNumber: number, email: account.email } });
  const { token } = (await lookup.json()) as { token: string };

  const phone = await (await browser.newContext()).newPage();
  await phone.goto(`/pedido/${token}`);
  await expect(phone.getByTestId('order-number')).toHaveText(number);
  const card = phone.getByTestId('tracking-returns');
  await card.getByRole('button', { name: 'Devolver ou trocar' }).click();
  await expect(card.getByRole('link', { name: 'Entrar na conta' })).toBeVisible();
  const masked = `${account.email[0]}***@e2e.prata925.com.br`;
  await expect(card).toContainText(masked);
  await expect(phone.getByText(account.email)).toHaveCount(0);

  await card.getByRole('button', { name: 'Receber código por e-mail' }).click();
  await expect(card.getByTestId('return-code-sent')).toContainText(masked);
  await card.getByRole('textbox', { name: 'Código' }).fill(await codeMailedTo(account.email));
  await card.getByRole('button', { name: 'Confirmar código' }).click();

  const form = phone.getByRole('form', { name: 'Devolver ou trocar' });
  await form.getByTestId('return-quantity').selectOption('1');
  await form.getByLabel('Motivo').fill('O colar ficou curto');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(card.getByTestId('return-request')).toHaveAttribute('data-status', 'approved');

  const [asked] = await sql<{ status: string; user_id: string }>('select status, user_id from return_requests where order_id = $1', [id]);
  expect(asked?.status).toBe('approved');
  const mails = await sql<{ subject: string }>('select subject from outbox_emails where "to" = $1 and subject like $2', [account.email, `%${number}%`]);
  expect(mails.map((mail) => mail.subject)).toContain(`Solicitação de devolução aprovada - pedido ${number}`);
});
