/**
 * Reviews from verified buyers, in Chromium against the production build: a card order placed
 * over HTTP and delivered (set up in the database, as other specs set up orders) is reviewed from
 * 'Meus pedidos' ('Avaliar': 4 stars, a text with markup, a photo), the owner approves it in the
 * panel's 'Avaliações' and answers it, and the product page, rendered on the server, shows the
 * review, its photo and the reply, with the Product JSON-LD's `aggregateRating` and `review`; the
 * catalogue's 'Melhor avaliados' lists the piece first.
 * Creates one admin (the cap is 3 for the whole suite) and frees its slot afterwards.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { approvedCardPayment, shippingCustomer } from '../services/api/test/checkout-data.ts';
import { confirmedAccount, createOwner, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { createProduct } from './support/shop.ts';
import { signInAsAdmin, signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 120_000 });

const ADMIN_PASSWORD = 'Prata-Avaliacoes-2026!';
const admin = { email: uniqueEmail('admin-avaliacoes'), fullName: 'Olívia Avaliações E2E' };

test.beforeAll(async () => {
  await createOwner({ ...admin, password: ADMIN_PASSWORD });
});

test.afterAll(async () => {
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

/** The schema.org objects of the page's JSON-LD scripts in `html`. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

test('a delivered order reviewed, approved and shown with its JSON-LD', async ({ page, browser, request }) => {
  const account = await confirmedAccount('avaliacao');
  const product = await createProduct(18_990, 3);
  const [{ slug }] = (await sql<{ slug: string }>('select slug from products where id = $1', [product.id])) as [{ slug: string }];
  const signIn = await request.post(`${E2E.apiUrl}/api/auth/sign-in`, { data: { email: account.email, password: account.password } });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const placed = await request.post(`${E2E.apiUrl}/api/orders`, {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
    data: { items: [{ productId: product.id, quantity: 1 }], customer: { ...shippingCustomer, fullName: 'Renata Alves Lima', email: account.email }, payment: await approvedCardPayment(E2E.apiUrl, accessToken) },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  await sql(
    "update orders set status = 'delivered', carrier = 'Correios', tracking_code = 'QB123456789BR', shipped_at = now() - interval '3 days', delivered_at = now() - interval '1 day' where id = $1 and status = 'paid'",
    [id],
  );

  // The shopper reviews the piece from the order's page.
  await signInAsCustomer(page, account.email, account.password);
  await page.goto(`/minha-conta/pedidos/${id}`);
  const card = page.getByTestId('order-reviews');
  await card.getByRole('button', { name: `Avaliar ${product.name}` }).click();
  const form = page.getByRole('form', { name: `Avaliar ${product.name}` });
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(form.getByText('Escolha de 1 a 5 estrelas')).toBeVisible();
  await form.getByLabel('4 estrelas · Muito boa').check();
  await form.getByLabel('Sua avaliação').fill('Anel lindo, <b>brilho</b> perfeito e chegou rápido.');
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#c0c0c8' } }).jpeg().toBuffer();
  await form.locator('input[type="file"]').setInputFiles({ name: 'anel.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await form.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(card.getByTestId('my-review')).toHaveAttribute('data-status', 'pending');
  await expect(card.getByTestId('my-review')).toContainText('Aguardando aprovação');
  await expect(card.getByRole('button', { name: `Avaliar ${product.name}` })).toHaveCount(0);

  // Not on the product page before the owner approves it.
  const before = await request.get(`${E2E.storeUrl}/produtos/${slug}`);
  expect(jsonLdOf(await before.text()).find((object) => object['@type'] === 'Product')).not.toHaveProperty('aggregateRating');

  // The owner approves and answers it in the panel.
  const staff = await browser.newContext();
  const panel = await staff.newPage();
  await signInAsAdmin(panel, admin.email, ADMIN_PASSWORD);
  await panel.goto('/admin/reviews');
  const queued = panel.getByTestId('admin-review').filter({ hasText: product.name });
  await expect(queued).toContainText('Renata L.');
  await expect(queued).toContainText('Anel lindo, <b>brilho</b> perfeito');
  await queued.getByRole('button', { name: 'Aprovar' }).click();
  await expect(panel.getByText('Avaliação aprovada')).toBeVisible();
  await panel.getByRole('button', { name: /^Aprovada/ }).click();
  const approved = panel.getByTestId('admin-review').filter({ hasText: product.name });
  await expect(approved).toHaveAttribute('data-status', 'approved');
  await approved.getByRole('button', { name: 'Responder' }).click();
  await approved.getByLabel('Resposta pública').fill('Obrigada, Renata!');
  await approved.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(approved).toContainText('Resposta da loja: Obrigada, Renata!');
  await staff.close();

  // The server-rendered product page: the review, its photo, the reply and the JSON-LD.
  await expect(async () => {
    const html = await (await request.get(`${E2E.storeUrl}/produtos/${slug}`)).text();
    const ld = jsonLdOf(html).find((object) => object['@type'] === 'Product');
    expect(ld).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.0', reviewCount: 1, bestRating: 5 },
      review: [{ '@type': 'Review', reviewRating: { ratingValue: 4 }, author: { name: 'Renata L.' }, reviewBody: 'Anel lindo, <b>brilho</b> perfeito e chegou rápido.' }],
    });
    // The markup is text on the page, never an element.
    expect(html).toContain('Anel lindo, &lt;b&gt;brilho&lt;/b&gt; perfeito');
  }).toPass({ timeout: 20_000 });

  // 'Melhor avaliados' puts the only rated piece first.
  await page.goto('/produtos');
  await page.getByRole('group', { name: 'Ordenar por' }).getByRole('button', { name: 'Melhor avaliados' }).click();
  await expect(page).toHaveURL(/ordem=avaliacao/);
  const best = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem').first();
  await expect(best).toContainText(product.name);
  // Its card shows its one approved review: 4,0 from 1.
  await expect(best.getByRole('img', { name: 'Avaliação 4,0 de 5, 1 avaliação' })).toBeVisible();
  await expect(best).toContainText('4,0 (1)');

  await page.goto(`/produtos/${slug}`);
  const reviews = page.locator('#avaliacoes');
  await expect(reviews.getByTestId('reviews-summary')).toContainText('1 avaliação');
  const shown = reviews.getByTestId('review');
  await expect(shown).toContainText('Renata L.');
  await expect(shown).toContainText('Anel lindo, <b>brilho</b> perfeito e chegou rápido.');
  await expect(shown.getByRole('img', { name: 'Foto 1 de Renata L.' })).toBeVisible();
  await expect(shown.getByTestId('review-reply')).toContainText('Obrigada, Renata!');
});
