/**
 * Guest favourites (storefront.md 4, 8): a guest's favourite is kept locally with the toast
 * 'Produto favoritado!' / 'Entre na sua conta para reservar o produto no estoque.'; the header's
 * heart counts it and opens the favourites view of the catalogue.
 */
import { expect, test } from '@playwright/test';

test('a guest favourite shows the toast, counts in the header and is listed under the heart', async ({ page }) => {
  await page.goto('/produtos');
  const card = page.getByTestId('product-card').nth(2);
  const name = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: `Favoritar ${name}` }).click();
  await expect(page.getByText('Produto favoritado!')).toBeVisible();
  await expect(page.getByText('Entre na sua conta para reservar o produto no estoque.')).toBeVisible();
  await expect(card.getByRole('button', { name: `Remover ${name} dos favoritos` })).toHaveAttribute('aria-pressed', 'true');
  // The toast sits over the header's icons (top right): close it rather than wait 5 s.
  await page.getByRole('button', { name: 'Close toast' }).click();

  const heart = page.getByRole('banner').getByRole('link', { name: 'Favoritos: 1' });
  await expect(heart).toBeVisible();
  await heart.click();
  await expect(page).toHaveURL(/\/produtos\?favoritos=1$/);
  await expect(page.getByRole('heading', { name: 'Meus Favoritos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card').getByRole('heading')).toHaveText(name);

  await page.reload();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await page.getByRole('button', { name: `Remover ${name} dos favoritos` }).click();
  await expect(page.getByText('Nenhum favorito por aqui')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Favoritos: 0' })).toBeVisible();
});
