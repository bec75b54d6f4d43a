import { describe, expect, it } from 'vitest';
import type { SystemErrorDto } from '@prata/contracts';
import { recordSystemError, removeSystemError, upsertSystemError } from './system-error-list.ts';

const row = (id: string, count = 1): SystemErrorDto => ({
  id,
  errorType: 'uncaught_error',
  errorMessage: `Erro ${id}`,
  pageUrl: null,
  errorStack: null,
  userAgent: null,
  remote: 'storefront',
  version: '1.0.0',
  source: 'client',
  fingerprint: 'f',
  count,
  createdAt: '2026-11-23T10:00:00.000Z',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  resolved: false,
  resolvedBy: null,
  resolvedAt: null,
  status: 'unresolved',
  level: 'error',
  versions: ['1.0.0'],
  usersAffected: 1,
  regression: false,
});

describe('live system error list (admin.md 4)', () => {
  it('inserts new rows at the front and keeps at most 100', () => {
    let list: SystemErrorDto[] = [];
    for (let i = 0; i < 105; i += 1) list = upsertSystemError(list, row(String(i)));
    expect(list).toHaveLength(100);
    expect(list[0]!.id).toBe('104');
    expect(list.at(-1)!.id).toBe('5');
  });

  it('replaces an updated row in place and removes a deleted one', () => {
    const list = [row('a'), row('b'), row('c')];
    const updated = upsertSystemError(list, { ...row('b', 7), resolved: true });
    expect(updated.map((r) => [r.id, r.count, r.resolved])).toEqual([
      ['a', 1, false],
      ['b', 7, true],
      ['c', 1, false],
    ]);
    expect(removeSystemError(updated, 'a').map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('moves an issue with a new report to the front (the log is ordered by last seen)', () => {
    const list = [row('a'), row('b'), row('c')];
    expect(recordSystemError(list, row('c', 2)).map((r) => [r.id, r.count])).toEqual([
      ['c', 2],
      ['a', 1],
      ['b', 1],
    ]);
    expect(recordSystemError(list, row('d')).map((r) => r.id)).toEqual(['d', 'a', 'b', 'c']);
  });
});
