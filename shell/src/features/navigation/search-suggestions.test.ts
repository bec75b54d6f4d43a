/** Header search options and target path (storefront.md 2 "Search bar"). */
import { describe, expect, it } from 'vitest';
import { searchOptions, searchPath } from './search-suggestions.ts';

describe('searchOptions', () => {
  it('lists the products (opening their pages) before the categories (opening the filtered catalogue)', () => {
    const options = searchOptions({
      products: [
        { slug: 'anel-solitario-zirconia', name: 'Anel Solitário Zircônia', category: 'aneis' },
        { slug: 'brinco-ponto-de-luz', name: 'Brinco Ponto de Luz', category: 'brincos' },
      ],
      categories: [{ value: 'aneis', label: 'Anéis' }],
    });
    expect(options.map(({ label, kind, path }) => ({ label, kind, path }))).toEqual([
      { label: 'Anel Solitário Zircônia', kind: 'product', path: '/produtos/anel-solitario-zirconia' },
      { label: 'Brinco Ponto de Luz', kind: 'product', path: '/produtos/brinco-ponto-de-luz' },
      { label: 'Anéis', kind: 'category', path: '/produtos?categoria=aneis' },
    ]);
    expect(new Set(options.map((option) => option.key)).size).toBe(options.length);
  });

  it('has no options without an answer or for an empty one', () => {
    expect(searchOptions(undefined)).toEqual([]);
    expect(searchOptions({ products: [], categories: [] })).toEqual([]);
  });
});

describe('searchPath', () => {
  it('goes to /produtos?search=<trimmed, encoded term> and ignores blank input', () => {
    expect(searchPath('  pulseira ')).toBe('/produtos?search=pulseira');
    expect(searchPath('Anéis & cia')).toBe('/produtos?search=An%C3%A9is%20%26%20cia');
    expect(searchPath('')).toBeNull();
    expect(searchPath('   ')).toBeNull();
  });
});
