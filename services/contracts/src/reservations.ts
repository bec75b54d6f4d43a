/**
 * Favourites that reserve stock (storefront.md 3, 4, 5, 8, 9; issue 4): a signed-in shopper's
 * favourite holds one unit for 30 minutes; the service releases expired holds every 60 s.
 */
import { z } from 'zod';

/** How long a reservation holds a unit, in ms (storefront.md 9: 30 minutes). */
export const RESERVATION_DURATION_MS = 30 * 60_000;
/** Cleanup and client resync interval, in ms (storefront.md 9: 60 s). */
export const RESERVATION_SYNC_INTERVAL_MS = 60_000;

export const createReservationSchema = z.object({ productId: z.uuid({ error: 'Identificador de produto inválido' }) });
export const reservationParamsSchema = z.object({ productId: z.uuid({ error: 'Identificador de produto inválido' }) });

/** An active reservation of the caller, with the product fields a favourite shows. */
export const reservationSchema = z.object({
  productId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
  product: z.object({ id: z.uuid(), name: z.string(), priceCents: z.number().int(), imageUrl: z.string().nullable() }),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationListSchema = z.array(reservationSchema);
