import { describe, expect, it } from 'vitest';
import { catalogueFilter, cataloguePageHref } from './catalogue-filter.ts';

const params = (query: string) => new URLSearchParams(query);

describe('catalogueFilter', () => {
  it('reads the search, the category and the page from the URL', () => {
    expect(catalogueFilter(params('search=%20anel%20&categoria=aneis&pagina=3'))).toEqual({ search: 'anel', category: 'aneis', sort: 'newest', page: 3 });
  });

  it('takes anything but a page number from 1 as the first page, and an unknown category as all', () => {
    for (const page of ['', '0', '-2', '1.5', 'dois', '010', '99999']) expect(catalogueFilter(params(`pagina=${page}`)).page).toBe(1);
    expect(catalogueFilter(params('categoria=relogios'))).toEqual({ search: undefined, category: undefined, sort: 'newest', page: 1 });
  });

  it("orders best rated first with 'ordem=avaliacao' only", () => {
    expect(catalogueFilter(params('ordem=avaliacao')).sort).toBe('rating');
    for (const value of ['', 'preco', 'AVALIACAO']) expect(catalogueFilter(params(`ordem=${value}`)).sort).toBe('newest');
  });
});

describe('cataloguePageHref', () => {
  it("keeps the filters and gives the first page no 'pagina'", () => {
    expect(cataloguePageHref(params('categoria=aneis&pagina=3'), 2)).toBe('/produtos?categoria=aneis&pagina=2');
    expect(cataloguePageHref(params('categoria=aneis&pagina=3'), 1)).toBe('/produtos?categoria=aneis');
    expect(cataloguePageHref(params(''), 1)).toBe('/produtos');
    expect(cataloguePageHref(params('search=colar+prata&favoritos=1'), 4)).toBe('/produtos?search=colar+prata&favoritos=1&pagina=4');
  });
});
