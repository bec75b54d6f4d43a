import { describe, expect, it } from 'vitest';
import { reviewsPageHref } from './product-reviews.tsx';

describe('reviewsPageHref', () => {
  it('links to a page, the first without the parameter', () => {
    expect(reviewsPageHref(2)).toBe('?avaliacoes=2#avaliacoes');
    expect(reviewsPageHref(1)).toBe('?#avaliacoes');
  });
});
