/** Five-star rating: which stars fill (4.8 shows five) and what the markup carries. */
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Stars, filledStars } from './stars.tsx';

it('fills a star when the rating reaches its half', () => {
  expect([0, 0.4, 0.5, 3.4, 3.5, 4.4, 4.5, 4.8, 5].map(filledStars)).toEqual([0, 0, 1, 3, 4, 4, 5, 5, 5]);
});

it('is one image for assistive technology, painted without an SVG per star', () => {
  const html = renderToStaticMarkup(<Stars rating={3.5} size={18} />);
  expect(html).toContain('role="img" aria-label="Avaliação 3,5 de 5"');
  expect(html).toContain('--p9-star-size:18px;--p9-star-fill:80%');
  expect(html).toContain('>3,5</span>');
  expect(html).not.toContain('<svg');
  expect(renderToStaticMarkup(<Stars rating={5} label="Avaliação 5,0 de 5" showValue={false} />)).not.toContain('5,0</span>');
});

it('shows how many reviews the rating averages, and says it to assistive technology', () => {
  const html = renderToStaticMarkup(<Stars rating={4.7} count={12} />);
  expect(html).toContain('aria-label="Avaliação 4,7 de 5, 12 avaliações"');
  expect(html).toContain('>4,7 (12)</span>');
  expect(renderToStaticMarkup(<Stars rating={5} count={1} />)).toContain('aria-label="Avaliação 5,0 de 5, 1 avaliação"');
});
