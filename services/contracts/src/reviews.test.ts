import { describe, expect, it } from 'vitest';
import { cleanReviewText, createReviewSchema, reviewAuthorName, reviewsJsonLd, reviewsPageOf } from './reviews.ts';

describe('review texts', () => {
  it('removes control characters, keeps line breaks and tabs, trims', () => {
    expect(cleanReviewText('  Lindo\u0007 anel\r\nNota\t10\u001b  ')).toBe('Lindo anel\nNota\t10');
  });

  it('shows the author as first name and last initial', () => {
    expect(reviewAuthorName('Maria da Silva')).toBe('Maria S.');
    expect(reviewAuthorName('  joana  ')).toBe('joana');
    expect(reviewAuthorName('')).toBe('Cliente');
    expect(reviewAuthorName(null)).toBe('Cliente');
  });
});

describe('createReviewSchema', () => {
  const base = { orderItemId: '6f56d857-6897-4856-b449-e5a7689ca2f0', rating: 5, text: 'Peça linda demais!' };
  const key = (n: number) => `reviews/0123456789abcdef/170000000000${n}-0123456789ab.jpg`;

  it('takes 1-5 whole stars, 10-2000 characters once cleaned, and up to 3 distinct photos of the review folder', () => {
    expect(createReviewSchema.parse(base)).toEqual({ ...base, photoKeys: [] });
    expect(createReviewSchema.safeParse({ ...base, photoKeys: [key(1), key(2), key(3)] }).success).toBe(true);
    for (const bad of [
      { rating: 0 },
      { rating: 4.5 },
      { text: '   curto\u0007    ' },
      { text: 'x'.repeat(2001) },
      { photoKeys: [key(1), key(2), key(3), key(4)] },
      { photoKeys: [key(1), key(1)] },
      { photoKeys: ['products/1700000000000-0123456789ab.jpg'] },
      { photoKeys: ['reviews/0123456789abcdef/../../x.jpg'] },
    ]) {
      expect(createReviewSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('reviewsJsonLd', () => {
  it("claims nothing without approved reviews and gives schema.org's AggregateRating and Reviews otherwise", () => {
    expect(reviewsJsonLd({ summary: { average: null, count: 0, distribution: [] }, reviews: [] })).toEqual({});
    const ld = reviewsJsonLd({
      summary: { average: 4, count: 2, distribution: [] },
      reviews: [{ id: 'x', rating: 4, text: 'Bom', author: 'Ana L.', variantLabel: null, photos: [], reply: null, createdAt: '2026-11-02T10:00:00.000Z' }],
    });
    expect(ld).toEqual({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.0', reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [{ '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 }, author: { '@type': 'Person', name: 'Ana L.' }, datePublished: '2026-11-02', reviewBody: 'Bom' }],
    });
  });
});

describe('reviewsPageOf', () => {
  it('reads whole pages from 1 and falls back to 1', () => {
    expect(reviewsPageOf(new URLSearchParams('avaliacoes=3'))).toBe(3);
    for (const bad of ['', 'avaliacoes=0', 'avaliacoes=-2', 'avaliacoes=1.5', 'avaliacoes=abc']) expect(reviewsPageOf(new URLSearchParams(bad))).toBe(1);
  });
});
