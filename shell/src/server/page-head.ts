/**
 * A page's `<head>` tags from its {@link PageHead}: title, description,
 * canonical URL, robots, Open Graph (and its product price tags), Twitter card and one JSON-LD
 * block per schema.org object. Text is HTML-escaped; JSON-LD cannot close its script element.
 */
import type { PageHead } from '@prata/shared-ui';

/** The store's name in titles and `og:site_name`. */
export const SITE_NAME = 'Prata 925';

/** The head of a page no remote describes (the not-found page, a page rendered in the browser). */
export const DEFAULT_HEAD: PageHead = {
  title: 'Prata 925 | Joias em Prata 925',
  description: 'Prata 925: joias em prata 925 legítima. Anéis, brincos, colares, pulseiras e conjuntos com entrega para todo o Brasil.',
};

/**
 * The public URL of the page at `target` (a request target, or a page's canonical path), always
 * on `storeOrigin` (security review 2026-11-29 #7): only the path and query of `target` are
 * taken, so `//evil.example/produtos/x` is the path `//evil.example/produtos/x` of the store (which
 * no remote owns) and an absolute-form `http://evil.example/produtos/x` is `/produtos/x` of the
 * store, never a page of another origin. A fragment is dropped.
 * @param storeOrigin the store's origin (`PUBLIC_STORE_URL`), e.g. `https://prata925.com.br`; its path is ignored.
 * @throws TypeError when `storeOrigin` is not a URL.
 */
export function storePageUrl(target: string, storeOrigin: string): URL {
  const url = new URL('/', storeOrigin);
  let pathAndQuery = target.split('#')[0]!;
  if (!pathAndQuery.startsWith('/')) {
    try {
      const absolute = new URL(pathAndQuery);
      pathAndQuery = `${absolute.pathname}${absolute.search}`;
    } catch {
      pathAndQuery = `/${pathAndQuery}`;
    }
  }
  const query = pathAndQuery.indexOf('?');
  url.pathname = query < 0 ? pathAndQuery : pathAndQuery.slice(0, query);
  url.search = query < 0 ? '' : pathAndQuery.slice(query);
  return url;
}

/** Text (or an attribute value) escaped for HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON safe inside a `<script>` element: no `</script>`, no HTML comment openers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** BRL cents as the `product:price:amount` decimal (e.g. 18990 -> `189.90`). */
function decimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The head tags of a page.
 * @param head what the page's remote said (or {@link DEFAULT_HEAD}).
 * @param pageUrl the page's public URL (origin, path and query as requested).
 */
export function headTags(head: PageHead, pageUrl: URL): string {
  const canonical = storePageUrl(head.canonicalPath ?? pageUrl.pathname, pageUrl.origin).href;
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt), meta('name', 'twitter:image', head.image.url));
    if (head.image.width) tags.push(meta('property', 'og:image:width', String(head.image.width)));
    if (head.image.height) tags.push(meta('property', 'og:image:height', String(head.image.height)));
  }
  if (head.product) {
    tags.push(
      meta('property', 'product:price:amount', decimal(head.product.priceCents)),
      meta('property', 'product:price:currency', 'BRL'),
      meta('property', 'product:availability', head.product.available ? 'in stock' : 'out of stock'),
    );
  }
  for (const object of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(object)}</script>`);
  return tags.join('');
}
