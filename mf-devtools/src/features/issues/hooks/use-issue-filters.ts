/**
 * The issue list's filters, order and page live in the URL's query string (a filtered list can be
 * shared and survives a reload): `?status=unresolved&remote=storefront&q=carrinho&page=2`. Values
 * the contract does not know are dropped.
 */
import { ERROR_ISSUE_STATUSES, ERROR_LEVELS, ERROR_PERIODS, ERROR_SORTS, ERROR_PAGE_SIZE, type ErrorIssueFilters } from '@prata/contracts';
import { useSearchParams } from '@prata/shared-ui/router';

const pick = <T extends string>(allowed: readonly T[], value: string | null): T | undefined => (value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined);

/** The query a search string describes; unresolved issues by last seen when it says nothing. */
export function issueQueryFrom(search: URLSearchParams): ErrorIssueFilters {
  const page = Number(search.get('page'));
  const query: ErrorIssueFilters = {
    status: search.has('status') ? pick(ERROR_ISSUE_STATUSES, search.get('status')) : 'unresolved',
    remote: search.get('remote') || undefined,
    version: search.get('version') || undefined,
    level: pick(ERROR_LEVELS, search.get('level')),
    period: pick(Object.keys(ERROR_PERIODS) as (keyof typeof ERROR_PERIODS)[], search.get('period')),
    q: search.get('q') || undefined,
    sort: pick(ERROR_SORTS, search.get('sort')) ?? 'lastSeen',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: ERROR_PAGE_SIZE,
  };
  return query;
}

/** The query from the URL and a setter that writes a change back (back to page 1 unless the page changes). */
export function useIssueFilters(): [ErrorIssueFilters, (change: Partial<Record<keyof ErrorIssueFilters, string | number | undefined>>) => void] {
  const [search, setSearch] = useSearchParams();
  const update = (change: Partial<Record<keyof ErrorIssueFilters, string | number | undefined>>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      // An explicit empty status means "all" (absent means the default, unresolved).
      if (value === undefined || (value === '' && key !== 'status')) next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in change)) next.delete('page');
    setSearch(next, { replace: true });
  };
  return [issueQueryFrom(search), update];
}
