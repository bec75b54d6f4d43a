/** Five-star rating: which stars fill (storefront.md 2: 4.8 shows five) and what the markup carries. */
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
