/**
 * Meta's (Facebook, Instagram) catalogue data feed: CSV with a header row of Meta's column names
 * (developers.facebook.com/docs/commerce-platform/catalog/fields): `id`, `title`, `description`,
 * `availability` (`in stock` / `out of stock`), `condition`, `price` (`149.90 BRL`), `link`,
 * `image_link`, `brand`, `item_group_id`, `sale_price` (empty: feed-items.ts),
 * `additional_image_link` (comma-separated URLs), `google_product_category`. Written with
 * Papa Parse's `unparse`, which quotes fields with commas, quotes or line breaks (RFC 4180).
 */
import Papa from 'papaparse';
import { feedPrice, type FeedItem } from './feed-items.ts';

/** The columns, in order. */
export const META_COLUMNS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'item_group_id', 'sale_price', 'additional_image_link', 'google_product_category'] as const;

/** One row of `item` by column. */
function row(item: FeedItem): Record<(typeof META_COLUMNS)[number], string> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.availability === 'in_stock' ? 'in stock' : 'out of stock',
    condition: item.condition,
    price: feedPrice(item.priceCents),
    link: item.link,
    image_link: item.imageLink,
    brand: item.brand,
    item_group_id: item.itemGroupId ?? '',
    sale_price: item.salePriceCents !== null ? feedPrice(item.salePriceCents) : '',
    additional_image_link: item.additionalImageLinks.join(','),
    google_product_category: item.googleProductCategory,
  };
}

/** The CSV document of `items` (header row first, CRLF line ends). */
export function metaCatalogueFeed(items: readonly FeedItem[]): string {
  return Papa.unparse({ fields: [...META_COLUMNS], data: items.map((item) => META_COLUMNS.map((column) => row(item)[column])) }, { newline: '\r\n' });
}
