import { describe, expect, it } from 'vitest';
import { issueQueryFrom } from './use-issue-filters.ts';

describe('issue filters in the URL', () => {
  it('default to unresolved issues by last seen, page 1', () => {
    expect(issueQueryFrom(new URLSearchParams(''))).toEqual({ status: 'unresolved', remote: undefined, version: undefined, level: undefined, period: undefined, q: undefined, sort: 'lastSeen', page: 1, pageSize: 25 });
  });

  it('read every filter, an empty status meaning all, and drop unknown values', () => {
    expect(issueQueryFrom(new URLSearchParams('status=&remote=checkout&version=0.2.0-ab&level=warning&period=7d&q=carrinho&sort=users&page=3'))).toEqual({
      status: undefined,
      remote: 'checkout',
      version: '0.2.0-ab',
      level: 'warning',
      period: '7d',
      q: 'carrinho',
      sort: 'users',
      page: 3,
      pageSize: 25,
    });
    expect(issueQueryFrom(new URLSearchParams('status=apagado&level=fatal&period=1y&sort=nome&page=-2'))).toMatchObject({ status: undefined, level: undefined, period: undefined, sort: 'lastSeen', page: 1 });
  });
});
