/**
 * Favourites that reserve stock, in the browser (storefront.md 4, 8): a signed-in
 * shopper's favourite reserves a unit ('💖 Produto reservado!', 'Reservado por você', the unit
 * leaves `available`), survives a reload (resynced from the service), and unfavouriting
 * releases it. A guest's local favourite becomes a reservation after signing in.
 */
import { expect, test, type Page } from '@playwright/test';
import { productSchema } from '@prata/contracts';
import { confirmedAccount } from './support/accounts.ts';
import { E2E } from './support/environment.ts';
import { signInAsCustomer, signInWithFormAsCustomer } from './support/ui.ts';

async function available(productId: string): Promise<number> {
  return productSchema.parse(await (await fetch(`${E2E.apiUrl}/api/products/${productId}`)).json()).available;
}

async function firstProduct(page: Page): Promise<{ id: string; name: string }> {
  const products = await (await fetch(`${E2E.apiUrl}/api/products?category=colares`)).json();
  // A piece without sizes: a favourite of a piece with variants reserves only the size chosen on its page.
  const target = products.find((p: { available: number; variants: unknown[] }) => p.available > 1 && p.variants.length === 0);
  await page.goto('/produtos?categoria=colares');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  return { id: target.id, name: target.name };
}

test('a signed-in favourite reserves a unit, survives a reload and is released when removed', async ({ page }) => {
  const { email, password } = await confirmedAccount('reserva');
  await signInAsCustomer(page, email, password);
  const product = await firstProduct(page);
  const before = await available(product.id);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });

  await card.getByRole('button', { name: `Favoritar ${product.name}` }).click();
  await expect(page.getByText('💖 Produto reservado!')).toBeVisible();
  await expect(page.getByText('Produto reservado no estoque por 30 minutos.')).toBeVisible();
  await expect(card.getByText('Reservado por você')).toBeVisible();
  await expect.poll(() => available(product.id)).toBe(before - 1);
  await expect(page.getByRole('link', { name: 'Favoritos: 1' })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('prata925:favourites'));
  await page.reload();
  await expect(card.getByText('Reservado por você')).toBeVisible();

  await card.getByRole('button', { name: `Remover ${product.name} dos favoritos` }).click();
  await expect(page.getByText('Produto removido dos favoritos')).toBeVisible();
  await expect(page.getByText('A reserva foi cancelada e o produto voltou ao estoque.')).toBeVisible();
  await expect(card.getByText('Reservado por você')).toHaveCount(0);
  await expect.poll(() => available(product.id)).toBe(before);
});

test("a guest's favourite is local only, and becomes a reservation after signing in", async ({ page }) => {
  const product = await firstProduct(page);
  const before = await available(product.id);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await card.getByRole('button', { name: `Favoritar ${product.name}` }).click();
  await expect(page.getByText('Produto favoritado!')).toBeVisible();
  await expect(page.getByText('Entre na sua conta para reservar o produto no estoque.')).toBeVisible();
  await expect(card.getByText('Reservado por você')).toHaveCount(0);
  expect(await available(product.id)).toBe(before);

  const { email, password } = await confirmedAccount('mescla');
  // Through the form: the merge is what signing in in this tab does.
  await signInWithFormAsCustomer(page, email, password);
  await page.goto('/produtos?categoria=colares');
  await expect(card.getByText('Reservado por você')).toBeVisible();
  await expect.poll(() => available(product.id)).toBe(before - 1);
});
