/**
 * Navigation aids (shared-ui):
 * - `Breadcrumb`: a labelled `nav` with an ordered trail; the last item is the current page.
 * - `Pagination`: previous / next and page numbers as buttons; the current page is marked
 *   `aria-current="page"`; long ranges collapse with an ellipsis.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@prata/shared-ui/router';
import styles from './navigation.module.css';

export interface BreadcrumbItem {
  label: ReactNode;
  /** Link target; the last item (current page) has none. */
  to?: string;
}

export function Breadcrumb({ items, label = 'Trilha de navegação', className }: { items: readonly BreadcrumbItem[]; label?: string; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ol className={styles.breadcrumb}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={index} aria-current={last ? 'page' : undefined}>
              {index > 0 ? <ChevronRight size={14} aria-hidden="true" className={styles.separator} /> : null}
              {item.to && !last ? <Link to={item.to}>{item.label}</Link> : <span>{item.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Page numbers to show: first, last, current ± 1, with `null` for a gap. */
export function paginationRange(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  if (page <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (page >= pageCount - 2) [pageCount - 3, pageCount - 2, pageCount - 1].forEach((p) => pages.add(p));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}

export function Pagination({ page, pageCount, onPageChange, label = 'Paginação' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className={styles.pagination}>
        <li>
          <button type="button" className={styles.page} onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Página anterior">
            <ChevronLeft size={18} aria-hidden="true" />
          </button>
        </li>
        {paginationRange(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={styles.page}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Página ${p}`}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.page} onClick={() => onPageChange(page + 1)} disabled={page >= pageCount} aria-label="Próxima página">
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
