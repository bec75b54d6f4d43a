/**
 * Business days for boleto due dates (storefront.md 9: "boleto due in 3 business days"):
 * weekends and the days Brazilian banks do not open are skipped: national public holidays and
 * the bank holidays (Carnival Monday and Tuesday, Corpus Christi), from `date-holidays` (BR).
 * Days are calendar days in São Paulo time (UTC-3, no daylight saving since 2019).
 */
import Holidays from 'date-holidays';

const holidays = new Holidays('BR');
const SKIPPED_TYPES = new Set(['public', 'bank']);
/** São Paulo's offset from UTC, in ms. */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

/** The São Paulo calendar date of an instant, as yyyy-MM-dd. */
export function saoPauloDate(instant: Date): string {
  return new Date(instant.getTime() + SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a São Paulo calendar day ends (23:59:59.999 -03:00). */
export function endOfSaoPauloDay(isoDate: string): Date {
  return new Date(`${isoDate}T23:59:59.999-03:00`);
}

/** The bank-closing holidays of a year, as yyyy-MM-dd dates: `date-holidays` takes milliseconds per look-up, so each year is asked once. */
const closedDays = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let days = closedDays.get(year);
  if (!days) {
    days = new Set(holidays.getHolidays(year).filter((holiday) => SKIPPED_TYPES.has(holiday.type)).map((holiday) => holiday.date.slice(0, 10)));
    closedDays.set(year, days);
  }
  return days;
}

/** True when banks open on the São Paulo calendar date `isoDate` (yyyy-MM-dd). */
export function isBusinessDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** The São Paulo calendar date `days` business days after the date of `from` (yyyy-MM-dd). */
export function addBusinessDays(from: Date, days: number): string {
  let day = saoPauloDate(from);
  let left = days;
  while (left > 0) {
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    day = next.toISOString().slice(0, 10);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}
