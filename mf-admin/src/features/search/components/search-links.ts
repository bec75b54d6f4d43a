/** Where each kind of global search result leads in the panel (admin.md 2: results grouped by type, with links). */
import type { SearchResult, SearchResultType } from '@prata/contracts';

export const RESULT_GROUPS: readonly { type: SearchResultType; label: string }[] = [
  { type: 'product', label: 'Produtos' },
  { type: 'order', label: 'Pedidos' },
  { type: 'user', label: 'Usuários' },
  { type: 'content', label: 'Conteúdo' },
];

/** The panel page of a result: the product's edit dialog, the order, the user's details, the content tab. */
export function searchResultHref(result: Pick<SearchResult, 'type' | 'id'>): string {
  const id = encodeURIComponent(result.id);
  switch (result.type) {
    case 'product':
      return `/admin/products?editar=${id}`;
    case 'order':
      return `/admin/orders/${id}`;
    case 'user':
      return `/admin/users?usuario=${id}`;
    case 'content':
      return '/admin/content';
  }
}
