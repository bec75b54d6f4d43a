/**
 * The live system error list (admin.md 4): an insert goes to the front, an update replaces the
 * row, a delete removes it; at most 100 kept (admin.md 9). A row is an issue that
 * later reports are counted into: a report (`SystemErrorRecorded`) moves its issue to the front,
 * as the list is ordered by last seen ({@link recordSystemError}).
 */
import { SYSTEM_ERRORS_FETCHED, type SystemErrorDto } from '@prata/contracts';

/** Inserts `row` at the front, or replaces the row with its id in place. */
export function upsertSystemError(list: readonly SystemErrorDto[], row: SystemErrorDto): SystemErrorDto[] {
  const index = list.findIndex((item) => item.id === row.id);
  if (index >= 0) return list.map((item, i) => (i === index ? row : item));
  return [row, ...list].slice(0, SYSTEM_ERRORS_FETCHED);
}

/** A new report of `row`: the issue goes to the front (replacing its old place). */
export function recordSystemError(list: readonly SystemErrorDto[], row: SystemErrorDto): SystemErrorDto[] {
  return [row, ...list.filter((item) => item.id !== row.id)].slice(0, SYSTEM_ERRORS_FETCHED);
}

export function removeSystemError(list: readonly SystemErrorDto[], id: string): SystemErrorDto[] {
  return list.filter((item) => item.id !== id);
}
