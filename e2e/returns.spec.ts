/**
 * Returns within the withdrawal right (CDC art. 49), in
 * Chromium against the production build on the sandbox acquirer: a card order placed over HTTP
 * and delivered (set up in the database, as other specs set up orders) is returned from
 * 'Meus pedidos' within 7 days (approved at once), received and refunded from the panel; the
 * sandbox acquirer's ledger holds the refund, the shopper sees it, and the unit is back in stock.
 * An exchange of a ring for another size: the shopper picks the size ('Trocar por'), the owner
 * receives the piece and concludes the exchange, and the new size leaves stock.
 * Creates one admin (the cap is 3 for the whole suite) and frees its slot afterwards.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { approvedCardPayment, shippingCustomer } from '../services/api/test/checkout-data.ts';
import { confirmedAccount, createOwner, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { createProduct } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 90_000 });

const ADMIN_PASSWORD = 'Prata-Devolucoes-2026!';
const admin = { email: uniqueEmail('admin-devolucoes'), fullName: 'Otávia Devoluções E2E' };

test.beforeAll(async () => {
  await createOwner({ ...admin, password: ADMIN_PASSWORD });
});

test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

test('a delivered order returned within 7 days is refunded through the sandbox acquirer and its unit is back in stock', async ({ page, browser, request }) => {
  const account = await confirmedAccount('devolucao');
  const product = await createProduct(15_990, 3);
  const signIn = await request.post(`${E2E.apiUrl}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const placed = await request.post(`${E2E.apiUrl}/api/orders`, {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    data: { items: [{ productId: product.id, quantity: 2 }], customer: { ...shippingCustomer, email: account.email }, payment: await approvedCardPayment(E2E.apiUrl, accessToken) },
  });
  expect(placed.status()).toBe(201);
  const { id, number } = (await placed.json()) as { id: string; number: string };
  // Shipped and delivered yesterday.
  await sql(
    "update orders set status = 'delivered', carrier = 'Correios', tracking_code = 'QB123456789BR', shipped_at = now() - interval '3 days', delivered_at = now() - interval '1 day' where id = $1 and status = 'paid'",
    [id],
  );
  expect((await sql<{ stock: number }>('select stock from products where id = $1', [product.id]))[0]!.stock).toBe(1);

  await signInAsCustomer(page, account.email, account.password);
  await page.goto(`/minha-conta/pedidos/${id}`);
  const returns = page.getByTestId('order-returns');
  await expect(returns).toContainText('Direito de arrependimento (7 dias)');
  await returns.getByRole('button', { name: 'Devolver ou trocar' }).click();
  const form = page.getByRole('form', { name: 'Devolver ou trocar' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Escolha ao menos uma peça')).toBeVisible();
  await form.getByTestId('return-quantity').selectOption('1');
  await form.getByLabel('Motivo').fill('O anel ficou largo');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(returns.getByTestId('return-request')).toHaveAttribute('data-status', 'approved');

  const staff = await browser.newContext();
  const panel = await staff.newPage();
  await signInAsAdmin(panel, admin.email, ADMIN_PASSWORD);
  await panel.goto(`/admin/orders/${id}`);
  const row = panel.getByTestId('return-row');
  await expect(row).toContainText('no prazo de 7 dias');
  await expect(row).toContainText('R$\u00a0159,90');
  await row.getByRole('button', { name: 'Recebido' }).click();
  await expect(row).toHaveAttribute('data-status', 'received');
  await row.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(row).toHaveAttribute('data-status', 'refunded');
  await expect(panel.getByTestId('order-refunded')).toContainText('159,90');
  await staff.close();

  const [payment] = await sql<{ status: string; refunded_cents: number }>('select status, refunded_cents from sandbox_payments where external_reference = $1', [id]);
  expect(payment).toEqual({ status: 'approved', refunded_cents: 15_990 });
  expect((await sql<{ stock: number }>('select stock from products where id = $1', [product.id]))[0]!.stock).toBe(2);
  const mails = await sql<{ subject: string }>('select subject from outbox_emails where subject like $1 order by created_at', [`%${number}%`]);
  expect(mails.map((mail) => mail.subject)).toEqual(expect.arrayContaining([`Reembolso realizado - pedido ${number}`]));

  await page.reload();
  await expect(page.getByTestId('order-refunded')).toContainText('Reembolsado: R$\u00a0159,90');
  await expect(page.getByTestId('return-request')).toHaveAttribute('data-status', 'refunded');
});

test('an exchange for another ring size: the shopper picks the size, the owner concludes it, and the new size leaves stock', async ({ page, browser, request }) => {
  const account = await confirmedAccount('troca');
  // A ring of the test's own in sizes 16 (1 unit) and 18 (1 unit, the one bought).
  const [ring] = await sql<{ id: string; name: string }>(
    `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, options, created_at, updated_at)
     values (gen_random_uuid(), 'troca-' || replace(gen_random_uuid()::text, '-', ''), $1, 'aneis', 12000, 'Anel de teste da troca', null, false, false, false, 2, '[{"name":"Aro","values":["16","18"]}]', now(), now()) returning id, name`,
    [`Anel Troca E2E ${Date.now()}`],
  );
  const sizes = await sql<{ id: string; aro: string }>(
    `insert into product_variants (id, product_id, sku, options, stock, price_cents, position)
     values (gen_random_uuid(), $1, $2, '{"Aro":"16"}', 1, null, 0), (gen_random_uuid(), $1, $3, '{"Aro":"18"}', 1, null, 1) returning id, options->>'Aro' as aro`,
    [ring!.id, `TROCA-16-${randomUUID().slice(0, 8)}`, `TROCA-18-${randomUUID().slice(0, 8)}`],
  );
  const size = (aro: string) => sizes.find((row) => row.aro === aro)!.id;
  const stockOf = async (aro: string) => (await sql<{ stock: number }>('select stock from product_variants where id = $1', [size(aro)]))[0]!.stock;
  const signIn = await request.post(`${E2E.apiUrl}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const placed = await request.post(`${E2E.apiUrl}/api/orders`, {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    data: { items: [{ productId: ring!.id, variantId: size('18'), quantity: 1 }], customer: { ...shippingCustomer, email: account.email }, payment: await approvedCardPayment(E2E.apiUrl, accessToken) },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  await sql(
    "update orders set status = 'delivered', carrier = 'Correios', tracking_code = 'QB123456789BR', shipped_at = now() - interval '3 days', delivered_at = now() - interval '1 day' where id = $1 and status = 'paid'",
    [id],
  );

  await signInAsCustomer(page, account.email, account.password);
  await page.goto(`/minha-conta/pedidos/${id}`);
  const returns = page.getByTestId('order-returns');
  await returns.getByRole('button', { name: 'Devolver ou trocar' }).click();
  const form = page.getByRole('form', { name: 'Devolver ou trocar' });
  await form.getByRole('radio', { name: 'Troca' }).check();
  await form.getByTestId('return-quantity').selectOption('1');
  await form.getByTestId('return-replacement').selectOption({ label: 'Aro 16' });
  await form.getByLabel('Motivo').fill('O anel ficou largo');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  const asked = returns.getByTestId('return-request');
  await expect(asked).toHaveAttribute('data-status', 'approved');
  await expect(asked).toContainText(`Troca de 1× ${ring!.name} (Aro 18 → Aro 16)`);

  const staff = await browser.newContext();
  const panel = await staff.newPage();
  await signInAsAdmin(panel, admin.email, ADMIN_PASSWORD);
  await panel.goto(`/admin/orders/${id}`);
  const row = panel.getByTestId('return-row');
  await expect(row).toContainText('(Aro 18 → Aro 16)');
  await row.getByRole('button', { name: 'Recebido' }).click();
  await expect(row).toHaveAttribute('data-status', 'received');
  expect([await stockOf('16'), await stockOf('18')]).toEqual([1, 1]);
  await row.getByRole('button', { name: 'Concluir troca' }).click();
  await expect(row).toHaveAttribute('data-status', 'exchanged');
  await staff.close();
  // Size 18 came back on receipt; size 16 left for the shopper.
  expect([await stockOf('16'), await stockOf('18')]).toEqual([0, 1]);
});
