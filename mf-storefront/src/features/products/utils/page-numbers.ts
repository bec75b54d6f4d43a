/**
 * Which page numbers a pagination shows: every page up to {@link MAX_LINKS}; beyond, the first,
 * the last and the pages around the current one, with `'gap'` where two or more numbers are
 * left out (shown as '…'). Pages count from 1.
 */

/** Up to this many pages are all listed. */
export const MAX_LINKS = 7;

export function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= MAX_LINKS) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const around = new Set([1, pageCount, page - 1, page, page + 1].filter((number) => number >= 1 && number <= pageCount));
  // Near an end, show as many numbers as in the middle (the row keeps its width).
  if (page <= 3) [2, 3, 4].forEach((number) => around.add(number));
  if (page >= pageCount - 2) [pageCount - 3, pageCount - 2, pageCount - 1].forEach((number) => around.add(number));
  const sorted = [...around].sort((a, b) => a - b);
  return sorted.flatMap((number, index) => {
    const skipped = index > 0 ? number - sorted[index - 1]! - 1 : 0;
    // A '…' standing for one page would take as much room as the page's own number.
    if (skipped === 1) return [number - 1, number];
    return skipped > 1 ? (['gap', number] as const) : [number];
  });
}
