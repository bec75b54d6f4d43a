/**
 * Breadcrumbs (after Sentry's): what the page did shortly before an error — route
 * changes, API calls and clicks — sent with each error report (error-reporting.ts) so a
 * developer sees how the shopper got there.
 *
 * - `addBreadcrumb(category, message)`: records one (the newest ERROR_REPORT_LIMITS.breadcrumbs
 *   are kept, oldest dropped). A no-op outside the browser: the server renderer shares one module
 *   between requests and must keep nothing of one shopper for another.
 * - `installBreadcrumbs()` (the shell, once): route changes (history API and back/forward) and
 *   clicks on buttons and links (their role and visible text, never what was typed).
 * - The API client records each call as `GET /api/products 200`.
 */
import { ERROR_REPORT_LIMITS, redactPageUrl, type Breadcrumb } from '@prata/contracts/system-errors';

const crumbs: Breadcrumb[] = [];

/** Records one breadcrumb (browser only). `message` is cut to the contract's limit. */
export function addBreadcrumb(category: Breadcrumb['category'], message: string): void {
  if (typeof window === 'undefined') return;
  crumbs.push({ at: new Date().toISOString(), category, message: message.slice(0, ERROR_REPORT_LIMITS.breadcrumb) });
  if (crumbs.length > ERROR_REPORT_LIMITS.breadcrumbs) crumbs.splice(0, crumbs.length - ERROR_REPORT_LIMITS.breadcrumbs);
}

/** The breadcrumbs recorded so far, oldest first (a copy). */
export function breadcrumbs(): Breadcrumb[] {
  return crumbs.map((crumb) => ({ ...crumb }));
}

/** Forgets every breadcrumb (tests). */
export function clearBreadcrumbs(): void {
  crumbs.length = 0;
}

/** How a clicked control reads: `button "Adicionar ao carrinho"`, `link "Anéis" -> /produtos?categoria=aneis`. */
export function describeClickTarget(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"], summary');
  if (!control) return null;
  const role = control.getAttribute('role') ?? (control.tagName === 'A' ? 'link' : control.tagName === 'SUMMARY' ? 'summary' : 'button');
  const label = (control.getAttribute('aria-label') ?? control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const href = control.tagName === 'A' ? ` -> ${redactPageUrl((control as HTMLAnchorElement).getAttribute('href') ?? '')}` : '';
  return `${role} "${label}"${href}`;
}

/** Path, query and fragment of the current page (no origin; one-time tokens dropped). */
const here = () => redactPageUrl(`${window.location.pathname}${window.location.search}${window.location.hash}`);

let installed = false;

/** Records route changes and clicks from now on (idempotent; browser only). */
export function installBreadcrumbs(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  addBreadcrumb('navigation', here());
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = window.history[method].bind(window.history);
    window.history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      const before = here();
      original(data, unused, url);
      if (here() !== before) addBreadcrumb('navigation', here());
    };
  }
  window.addEventListener('popstate', () => addBreadcrumb('navigation', here()));
  document.addEventListener(
    'click',
    (event) => {
      const described = describeClickTarget(event.target);
      if (described) addBreadcrumb('click', described);
    },
    { capture: true },
  );
}
