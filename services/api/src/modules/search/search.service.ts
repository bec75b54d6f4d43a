/**
 * Global search of the admin panel (admin.md 2, 7): up to 5 products, 3 orders and 3
 * users matching a term, best match first, case- and accent-insensitive.
 *
 * Text is compared through `search_normalize()` (lower case, `unaccent`): a term matches when it
 * is a substring of the normalised text ('colar' finds 'Colares', 'anel' finds 'Anel',
 * 'acessorio' finds 'Acessório'), or when pg_trgm's word similarity passes its threshold (small
 * typos: 'pulceira' finds 'Pulseira'). Ranking: word similarity, then name.
 * - products (drafts too, not archived ones): name, description, category; subtitle the category label;
 * - orders: human number, customer name and e-mail; subtitle name and e-mail;
 * - users (profiles of accounts not erased): name, e-mail; subtitle e-mail and role.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATEGORY_LABELS, GLOBAL_SEARCH_LIMITS, type ProductCategory, type SearchResult } from '@prata/contracts';
import { containsPattern } from '../../lib/like-pattern.ts';

const ROLE_LABELS = { admin: 'Administrador', developer: 'Desenvolvedor' } as const;

export class SearchService {
  /** Results grouped by type in the order products, orders, users. */
  async search(em: EntityManager, term: string): Promise<SearchResult[]> {
    const connection = em.getConnection();
    const like = containsPattern(term);
    const [products, orders, users] = await Promise.all([
      connection.execute<{ id: string; name: string; category: ProductCategory }[]>(
        `select id, name, category from products
          where status <> 'archived'
            and (search_normalize(name || ' ' || category || ' ' || coalesce(description, '')) like search_normalize(?)
                 or search_normalize(?) <% search_normalize(name))
          order by word_similarity(search_normalize(?), search_normalize(name)) desc, name
          limit ?`,
        [like, term, term, GLOBAL_SEARCH_LIMITS.product],
      ),
      connection.execute<{ id: string; number: string; customer_name: string; customer_email: string }[]>(
        `select id, number, customer_name, customer_email from orders
          where search_normalize(number || ' ' || customer_name || ' ' || customer_email) like search_normalize(?)
             or search_normalize(?) <% search_normalize(customer_name)
          order by word_similarity(search_normalize(?), search_normalize(number || ' ' || customer_name)) desc, created_at desc
          limit ?`,
        [like, term, term, GLOBAL_SEARCH_LIMITS.order],
      ),
      connection.execute<{ user_id: string; full_name: string; email: string; roles: string[] | null }[]>(
        `select p.user_id, p.full_name, p.email,
                (select array_agg(r.role order by r.role) from user_roles r where r.user_id = p.user_id) as roles
           from profiles p join users u on u.id = p.user_id
          where u.erased_at is null
            and (search_normalize(p.full_name || ' ' || p.email) like search_normalize(?)
                 or search_normalize(?) <% search_normalize(p.full_name || ' ' || p.email))
          order by word_similarity(search_normalize(?), search_normalize(p.full_name || ' ' || p.email)) desc, p.full_name
          limit ?`,
        [like, term, term, GLOBAL_SEARCH_LIMITS.user],
      ),
    ]);
    return [
      ...products.map((row) => ({ id: row.id, type: 'product' as const, title: row.name, subtitle: CATEGORY_LABELS[row.category] })),
      ...orders.map((row) => ({ id: row.id, type: 'order' as const, title: `Pedido ${row.number}`, subtitle: `${row.customer_name} · ${row.customer_email}` })),
      ...users.map((row) => {
        const roles = row.roles ?? [];
        const role = roles.includes('developer') ? ROLE_LABELS.developer : roles.includes('admin') ? ROLE_LABELS.admin : 'Usuário';
        return { id: row.user_id, type: 'user' as const, title: row.full_name || row.email, subtitle: `${row.email} · ${role}` };
      }),
    ];
  }
}
