/**
 * pt-BR formatting (storefront.md 9: "Prices R$ with 2 decimals", admin.md 9: dates pt-BR).
 */
const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** BRL cents, e.g. 123456 -> "R$ 1.234,56" (one implementation, in the contracts). */
export { formatBRL } from '@prata/contracts/money';

/** Formats an instant in pt-BR, São Paulo time, e.g. "21/11/2026, 10:05". */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value);
}

/** Formats the calendar day of an instant in pt-BR, São Paulo time, e.g. "21/11/2026". */
export function formatDate(value: Date | string): string {
  return date.format(typeof value === 'string' ? new Date(value) : value);
}

/** A delivery time in business days, e.g. "3 a 7 dias úteis": the contracts' formatter, as the freight options show it. */
export { businessDaysText } from '@prata/contracts/shipping';
