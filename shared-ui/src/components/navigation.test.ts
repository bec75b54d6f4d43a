import { describe, expect, it } from 'vitest';
import { paginationRange } from './navigation.tsx';

describe('paginationRange', () => {
  it('lists every page up to 7', () => {
    expect(paginationRange(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and the neighbours of the current page, with gaps', () => {
    expect(paginationRange(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(paginationRange(1, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(paginationRange(12, 12)).toEqual([1, null, 9, 10, 11, 12]);
  });
});
