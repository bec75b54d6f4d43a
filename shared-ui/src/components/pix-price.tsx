/**
 * "R$ 189,90 no PIX": the price paid
 * by PIX for `cents` (BRL cents) with the store's PIX discount `percent` (contracts `pixPriceCents`:
 * rounded down to the cent, as the order charges it). Renders nothing when the discount is 0, so
 * a store without one shows no line. The percent comes from `useStoreOffers()`; pages rendered on
 * the server prefetch it, so the line is in the first HTML and hydration shifts nothing.
 */
import { pixPriceCents } from '@prata/contracts/order-pricing';
import { formatBRL } from '../lib/format.ts';

export interface PixPriceProps {
  /** The price before the discount, BRL cents. */
  cents: number;
  /** The store's PIX discount, whole percent (0: none). */
  percent: number;
  className?: string;
}

export function PixPrice({ cents, percent, className }: PixPriceProps) {
  if (percent <= 0) return null;
  return (
    <span className={className} data-testid="pix-price">
      {`${formatBRL(pixPriceCents(cents, percent))} no PIX`}
    </span>
  );
}
