/** The catalogue's pages as links: the current one marked, the edges that lead nowhere left out. */
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { CataloguePagination } from './catalogue-pagination.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

function show(page: number, pageCount: number) {
  view = render(
    <MemoryRouter>
      <CataloguePagination page={page} pageCount={pageCount} hrefOf={(number) => (number > 1 ? `/produtos?categoria=aneis&pagina=${number}` : '/produtos?categoria=aneis')} />
    </MemoryRouter>,
  );
  const links = [...view.container.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
  return { links, text: view.container.textContent };
}

describe('CataloguePagination', () => {
  it('links every page, the previous and the next, and marks the current one', () => {
    expect(show(2, 3).links).toEqual([
      ['Anterior', '/produtos?categoria=aneis', null],
      ['1', '/produtos?categoria=aneis', null],
      ['2', '/produtos?categoria=aneis&pagina=2', 'page'],
      ['3', '/produtos?categoria=aneis&pagina=3', null],
      ['Próxima', '/produtos?categoria=aneis&pagina=3', null],
    ]);
    expect(view!.container.querySelector('nav')!.getAttribute('aria-label')).toBe('Páginas do catálogo');
  });

  it("has no link back on the first page nor onwards on the last (their place kept, hidden from assistive technology)", () => {
    expect(show(1, 3).links.map(([text]) => text)).toEqual(['1', '2', '3', 'Próxima']);
    expect(view!.container.querySelector('[aria-hidden="true"]')!.textContent).toBe('Anterior');
    view!.unmount();
    expect(show(3, 3).links.map(([text]) => text)).toEqual(['Anterior', '1', '2', '3']);
    view!.unmount();
    view = undefined;
  });

  it('shows nothing for a single page', () => {
    expect(show(1, 1).text).toBe('');
  });
});
