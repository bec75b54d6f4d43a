/**
 * Amounts in reais as the panel's forms type and show them (free shipping, the freight
 * table, coupons): typed '19,90', '19.9' or '20' -> BRL cents by integer arithmetic
 * (`decimalToCents`), and cents -> '19,90' for editing.
 */
import { z } from 'zod';
import { decimalToCents } from './orders.ts';

const REAIS_MESSAGE = 'Informe um valor em reais, ex.: 19,90';
const typedToCents = (typed: string) => decimalToCents(typed.replace(',', '.'));

/** A required amount typed in reais -> BRL cents. */
export const reaisInputSchema = z.string().trim().regex(/^\d{1,6}([.,]\d{1,2})?$/, REAIS_MESSAGE).transform(typedToCents);

/** An amount typed in reais, empty for none -> BRL cents or null. */
export const optionalReaisInputSchema = z
  .string()
  .trim()
  .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, REAIS_MESSAGE)
  .transform((typed) => (typed === '' ? null : typedToCents(typed)));

/** BRL cents as a form shows them for editing ('19,90'): the inverse of the schemas above. */
export function reaisText(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
