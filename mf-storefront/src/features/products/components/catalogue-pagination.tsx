/**
 * The catalogue's pages: 'Anterior', the page numbers and 'Próxima', each a real link (`href` with
 * `?pagina=N`, the first page without it) that the server renders and that works without
 * JavaScript; with it, the router follows them without reloading. The current page's link is
 * marked (`aria-current="page"`); at either end the link that would lead nowhere is left out, its
 * place kept (invisible), so the numbers do not move from one page to the next. Nothing is shown
 * for a single page.
 */
import { Link } from '@prata/shared-ui/router';
import { buttonClassName } from '@prata/shared-ui';
import { pageNumbers } from '../utils/page-numbers.ts';
import styles from './products.module.css';

export interface CataloguePaginationProps {
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  /** The address of page `page` (path and query). */
  hrefOf(page: number): string;
}

export function CataloguePagination({ page, pageCount, hrefOf }: CataloguePaginationProps) {
  if (pageCount <= 1) return null;
  const outline = buttonClassName('outline', 'sm');
  const edge = (to: number, label: 'Anterior' | 'Próxima', rel: 'prev' | 'next') =>
    to >= 1 && to <= pageCount ? (
      <Link to={hrefOf(to)} rel={rel} className={outline}>
        {label}
      </Link>
    ) : (
      <span className={`${outline} ${styles.pageEdge}`} aria-hidden="true">
        {label}
      </span>
    );
  return (
    <nav className={styles.pagination} aria-label="Páginas do catálogo">
      {edge(page - 1, 'Anterior', 'prev')}
      <ol className={styles.pageList}>
        {pageNumbers(page, pageCount).map((number, index) =>
          number === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={hrefOf(number)}
                className={number === page ? buttonClassName('primary', 'sm') : outline}
                aria-label={`Página ${number}`}
                {...(number === page ? { 'aria-current': 'page' as const } : {})}
              >
                {number}
              </Link>
            </li>
          ),
        )}
      </ol>
      {edge(page + 1, 'Próxima', 'next')}
    </nav>
  );
}
