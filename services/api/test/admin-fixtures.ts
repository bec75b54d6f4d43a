/**
 * Fixtures for the admin panel's API tests: real image files made with sharp, real
 * orders placed through `POST /api/orders` (sandbox acquirer), multipart uploads over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { orderSchema, variantLabel, type LowStockProduct, type Order, type ProductOption } from '@prata/contracts';
import { bearer, type SignedIn } from './accounts.ts';
import type { TestService } from './helpers.ts';
import { customer, sandboxCard } from './shop.ts';

/** A real image of `format`, `width` x `height` px (a gradient, so encoders have work to do). */
export async function imageFile(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = i % 251;
    pixels[i + 1] = (i * 7) % 253;
    pixels[i + 2] = 192;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

/** The delivery and contact fields of an order (the shared test address, another buyer's name). */
export const ORDER_CUSTOMER = { ...customer, fullName: 'Joana Compradora', email: 'joana.compradora@exemplo.com.br' };

/** Places an order through the API: card orders come back `paid`, PIX ones `pending`. */
export async function placeOrder(
  service: TestService,
  buyer: SignedIn,
  items: { productId: string; quantity: number }[],
  method: 'credit-card' | 'pix' = 'credit-card',
  customer: Partial<typeof ORDER_CUSTOMER> = {},
): Promise<Order> {
  // A card is tokenised at the sandbox acquirer first, as the browser does (the service never sees its number).
  const payment = method === 'pix' ? { method: 'pix' } : await sandboxCard(service, buyer, '4111111111111111', 1);
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
    payload: { items, customer: { ...ORDER_CUSTOMER, ...customer }, payment },
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

/** Runs SQL on the test database. */
export function sql<T = Record<string, unknown>>(service: TestService, query: string, params: unknown[] = []): Promise<T[]> {
  return service.db.orm.em.fork().getConnection().execute(query, params);
}

/** Multipart upload of `data` as `fileName` over real HTTP (the app must be listening). */
export async function uploadImage(baseUrl: string, who: Pick<SignedIn, 'accessToken'>, data: Uint8Array, fileName: string, type = 'image/png'): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), fileName);
  return fetch(`${baseUrl}/api/admin/product-images`, { method: 'POST', headers: bearer(who), body: form });
}

/**
 * The low-stock rows the panel should list at `threshold`, fewest units first, read straight from
 * the tables: simple products by their stock, products with variants per variant
 * ('Anel — Aro 12' with the variant's id, SKU and label).
 */
export async function expectedLowStock(service: TestService, threshold: number): Promise<LowStockProduct[]> {
  const rows = await sql<{ id: string; name: string; stock: number; variant_id: string | null; sku: string | null; options: ProductOption[]; variant_options: Record<string, string> | null }>(
    service,
    `select * from (
       select id, name, stock, null::uuid as variant_id, null::varchar as sku, options, null::jsonb as variant_options
         from products where archived_at is null and jsonb_array_length(options) = 0 and stock <= ?
       union all
       select p.id, p.name, v.stock, v.id, v.sku, p.options, v.options
         from product_variants v join products p on p.id = v.product_id where p.archived_at is null and jsonb_array_length(p.options) > 0 and v.stock <= ?
     ) low order by stock, name, sku`,
    [threshold, threshold],
  );
  return rows.map((row) => {
    if (!row.variant_id) return { id: row.id, name: row.name, stock: row.stock };
    const label = variantLabel(row.variant_options ?? {}, row.options);
    return { id: row.id, name: `${row.name} — ${label}`, stock: row.stock, variantId: row.variant_id, sku: row.sku, variantLabel: label };
  });
}
