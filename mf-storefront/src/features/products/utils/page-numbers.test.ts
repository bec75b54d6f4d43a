import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers.ts';

describe('pageNumbers', () => {
  it('lists every page up to seven', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('beyond seven: the first, the last and the neighbours of the current page, gaps between', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageNumbers(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageNumbers(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageNumbers(18, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });

  it('never leaves a gap of one page', () => {
    expect(pageNumbers(4, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageNumbers(5, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });
});
