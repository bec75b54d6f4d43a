/**
 * What a return gives back (a partial return refunds its
 * lines' share of what was actually paid ... the sum of all refunds never exceeds the order's
 * total; freight refunded only when everything returns within the withdrawal right), and the
 * withdrawal right's deadline (CDC art. 49: 7 calendar days from delivery, São Paulo days).
 * Pure functions over BRL cents (integers only).
 */
import { WITHDRAWAL_DAYS } from '@prata/contracts';
import { endOfSaoPauloDay } from '../payments/index.ts';

/** São Paulo's offset from UTC, in ms (UTC-3, no daylight saving since 2019). */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

/**
 * The last instant of the withdrawal right of an order delivered at `deliveredAt`: the end of the
 * São Paulo calendar day WITHDRAWAL_DAYS days after the day of delivery (delivered on the 1st at
 * any hour: until the 8th, 23:59:59.999 -03:00).
 */
export function withdrawalDeadline(deliveredAt: Date): Date {
  const day = new Date(deliveredAt.getTime() + SAO_PAULO_OFFSET_MS);
  day.setUTCDate(day.getUTCDate() + WITHDRAWAL_DAYS);
  return endOfSaoPauloDay(day.toISOString().slice(0, 10));
}

/**
 * Splits `totalCents` over `weights` in proportion (largest remainder, ties to the earlier
 * index): the parts are integers >= 0 whose sum is exactly `totalCents`. All weights 0: all to
 * the first. @throws RangeError for negative input.
 */
export function prorate(totalCents: number, weights: readonly number[]): number[] {
  if (totalCents < 0 || weights.some((w) => w < 0)) throw new RangeError('prorate: negative input');
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? totalCents : 0));
  const exact = weights.map((w) => (BigInt(totalCents) * BigInt(w)) / BigInt(sum));
  const parts = exact.map(Number);
  const remainders = weights.map((w, i) => ({ i, r: (BigInt(totalCents) * BigInt(w)) % BigInt(sum) }));
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * What the shopper paid for each order line: the goods paid (`goodsPaidCents`, i.e. after the
 * coupon and PIX discounts) prorated over the lines' list totals, so discounts fall on every line
 * in proportion. The parts sum to `goodsPaidCents` exactly.
 */
export function lineShares(lineTotalsCents: readonly number[], goodsPaidCents: number): number[] {
  return prorate(Math.max(0, goodsPaidCents), lineTotalsCents);
}

/**
 * The amount `quantity` more units of a line give back, when `returnedBefore` units of its
 * `boughtQuantity` are already in other requests that gave back `amountBefore`: the units' share of
 * `lineShareCents` rounded down, the exact rest when these are the last units, and never more than
 * what is left of the share (so every request of a line sums to at most its share).
 */
export function unitsAmount(lineShareCents: number, boughtQuantity: number, returnedBefore: number, quantity: number, amountBefore: number): number {
  const left = Math.max(0, lineShareCents - amountBefore);
  if (returnedBefore + quantity >= boughtQuantity) return left;
  const upTo = Math.floor((lineShareCents * (returnedBefore + quantity)) / boughtQuantity);
  const before = Math.floor((lineShareCents * returnedBefore) / boughtQuantity);
  return Math.min(left, Math.max(0, upTo - before));
}
