/**
 * Fixtures for the admin panel's API tests (issue 12): real image files made with sharp, real
 * orders placed through `POST /api/orders` (sandbox acquirer), multipart uploads over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { orderSchema, type Order } from '@prata/contracts';
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
