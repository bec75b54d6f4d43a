/**
 * Favourites that reserve stock (storefront.md 3, 4, 5, 8, 9): a signed-in shopper's
 * favourite holds one unit for 30 minutes; the service releases expired holds every 60 s.
 */
import { z } from 'zod';

/** How long a reservation holds a unit, in ms (storefront.md 9: 30 minutes). */
export const RESERVATION_DURATION_MS = 30 * 60_000;
/** Cleanup and client resync interval, in ms (storefront.md 9: 60 s). */
export const RESERVATION_SYNC_INTERVAL_MS = 60_000;

/**
 * `POST /api/reservations`. `variantId`: the variant to hold, required for a product
 * with variants ('Escolha uma opção'), refused for one without. A shopper holds at most one unit
 * per product (whatever its variant), so `DELETE /api/reservations/:productId` stays as it is.
 */
export const createReservationSchema = z.object({
  productId: z.uuid({ error: 'Identificador de produto inválido' }),
  variantId: z.uuid({ error: 'Variante inválida' }).nullable().default(null),
});
export const reservationParamsSchema = z.object({ productId: z.uuid({ error: 'Identificador de produto inválido' }) });

/** An active reservation of the caller, with the product fields a favourite shows. */
export const reservationSchema = z.object({
  productId: z.uuid(),
  /** The variant held, its SKU and label ('Aro 16'); null for a product without options. */
  variantId: z.uuid().nullable(),
  sku: z.string().nullable(),
  variantLabel: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  product: z.object({ id: z.uuid(), name: z.string(), priceCents: z.number().int(), imageUrl: z.string().nullable() }),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);
