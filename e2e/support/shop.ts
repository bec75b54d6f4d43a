/**
 * Shopping steps shared by the e2e specs (storefront.md 4, 5): a product of the test's own in
 * PostgreSQL, adding it to the cart from /produtos, and filling the checkout form's address and
 * card fields with valid values.
 */
import { expect, type Page } from '@playwright/test';
import { HANDLING_DAYS } from '../../services/api/src/modules/shipping/shipping-quote.service.ts';
import { sql } from './database.ts';

let serial = 0;
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/**
 * Inserts a ring of the test's own (so stock and price are known): price in BRL cents. The name
 * is unique and contains 'E2E' (the visual specs leave such products out of the catalogue).
 */
export async function createProduct(priceCents: number, stock: number): Promise<{ id: string; name: string }> {
  serial += 1;
  const name = `Anel Checkout E2E ${Date.now()}-w${process.env.TEST_WORKER_INDEX ?? '0'}-${serial}`;
  const [row] = await sql<{ id: string }>(
    `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
     values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), $1, 'aneis', $2, 'Produto de teste do checkout', null, false, false, false, $3, now(), now()) returning id`,
    [name, priceCents, stock],
  );
  return { id: row!.id, name };
}

/** Finds the product by name on /produtos and adds it `times` times; waits for the header's count. */
export async function addToCart(page: Page, name: string, times = 1): Promise<void> {
  await page.goto(`/produtos?search=${encodeURIComponent(name)}`);
  const add = page.getByRole('button', { name: `Adicionar ${name} ao carrinho` });
  // As a shopper does: each piece once the cart shows the one before.
  for (let i = 1; i <= times; i += 1) {
    await add.click();
    await expect(page.getByRole('banner').getByRole('link', { name: `Carrinho: ${i} ${i === 1 ? 'item' : 'itens'}` })).toBeVisible();
  }
}

/** Fills name, phone, CPF and a São Paulo address on /checkout, and waits for the CEP's freight (the cheapest option chosen). */
export async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel('Nome completo').fill('Maria Silva');
  await page.getByLabel('Telefone').fill('(11) 98765-4321');
  await page.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
  await page.getByLabel('CEP').fill('01310-100');
  await page.getByLabel('Endereço').fill('Avenida Paulista');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Complemento').fill('Apto 42');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado').selectOption('SP');
  await expect(page.getByTestId('shipping-options').getByRole('radio').first()).toBeChecked();
}

/**
 * The store's freight table option for `region` and `service` as a quote gives it for a package
 * under 1 kg (the suite's carrier is down): price in BRL cents and business days with the store's
 * handling day, read from the database.
 */
export async function tableFreight(region: string, service: 'PAC' | 'SEDEX'): Promise<{ priceCents: number; minDays: number; maxDays: number }> {
  const [row] = await sql<{ base_cents: number; min_days: number; max_days: number }>('select base_cents, min_days, max_days from freight_rates where region = $1 and service = $2', [region, service]);
  return { priceCents: row!.base_cents, minDays: row!.min_days + HANDLING_DAYS, maxDays: row!.max_days + HANDLING_DAYS };
}

/** Chooses the credit card and fills it (valid expiry next year), with `installments` (1..12). */
export async function fillCard(page: Page, number: string, installments = '1'): Promise<void> {
  await page.getByLabel('Cartão de crédito').check();
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome no cartão').fill('MARIA SILVA');
  await page.getByLabel('Validade').fill(`12/${nextYear}`);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Parcelas').selectOption(installments);
}
