/**
 * Layout shifts as the browser reports them (the Layout Instability API, what the Web Vitals' CLS
 * is made of), recorded from the page's very start by an init script: each entry's value, time,
 * whether it followed an input by less than 500 ms (CLS leaves those out; the specs count them
 * too, since a test's clicks come faster than a shopper's), the page's path at the time and its
 * shifted nodes (`tag#id.class[data-testid]`, with their ancestors' ids, e.g. `#rodape footer`).
 */
import type { Page } from '@playwright/test';

export interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  path: string;
  sources: string[];
}

/** Starts recording the layout shifts of every document `page` loads from now on. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const describe = (node: Node | null): string => {
      if (!node || !(node instanceof Element)) return String(node?.nodeName ?? 'null');
      const own = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}`;
      const ancestors: string[] = [];
      for (let parent = node.parentElement; parent; parent = parent.parentElement) if (parent.id) ancestors.unshift(`#${parent.id}`);
      return [...ancestors, own(node)].join(' ');
    };
    const shifts: unknown[] = [];
    (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] })[]) {
        shifts.push({ value: entry.value, startTime: entry.startTime, hadRecentInput: entry.hadRecentInput, path: location.pathname + location.search, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded in the current document so far (after the browser has delivered the pending ones). */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(async () => {
    // Entries reach the observer after the frame they belong to.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    return (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts.slice();
  });
}

/** The shifts' total score. */
export const total = (shifts: readonly LayoutShift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);
