/**
 * Google Merchant Center's product feed: RSS 2.0 with the `g:` namespace
 * (`xmlns:g="http://base.google.com/ns/1.0"`), one `<item>` per feed item with the attributes of
 * the product data specification (support.google.com/merchants/answer/7052112): `g:id`,
 * `g:title`, `g:description`, `g:link`, `g:image_link`, `g:additional_image_link`,
 * `g:availability`, `g:price` (`149.90 BRL`), `g:sale_price` (only for a price every buyer pays:
 * feed-items.ts), `g:brand`, `g:condition`, `g:identifier_exists`, `g:item_group_id` (variants),
 * `g:google_product_category` and `g:shipping` (country, region, service, price). Built with
 * fast-xml-parser's XMLBuilder, which escapes the text.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { feedPrice, type FeedItem } from './feed-items.ts';

/** The namespace of Google's product attributes. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** One `<item>`'s elements, in the specification's order; absent optional attributes are left out. */
function itemElement(item: FeedItem): Record<string, unknown> {
  return {
    'g:id': item.id,
    'g:title': item.title,
    'g:description': item.description,
    'g:link': item.link,
    'g:image_link': item.imageLink,
    ...(item.additionalImageLinks.length > 0 ? { 'g:additional_image_link': item.additionalImageLinks } : {}),
    'g:availability': item.availability,
    'g:price': feedPrice(item.priceCents),
    ...(item.salePriceCents !== null ? { 'g:sale_price': feedPrice(item.salePriceCents) } : {}),
    'g:brand': item.brand,
    'g:condition': item.condition,
    'g:identifier_exists': item.identifierExists ? 'yes' : 'no',
    ...(item.itemGroupId ? { 'g:item_group_id': item.itemGroupId } : {}),
    'g:google_product_category': item.googleProductCategory,
    ...(item.shipping.length > 0
      ? { 'g:shipping': item.shipping.map((entry) => ({ 'g:country': entry.country, 'g:region': entry.region, 'g:service': entry.service, 'g:price': feedPrice(entry.priceCents) })) }
      : {}),
  };
}

/**
 * The feed document (UTF-8 XML text) of `items`; `channel` names the store (title, its public URL,
 * a description).
 */
export function googleMerchantFeed(items: readonly FeedItem[], channel: { title: string; link: string; description: string }): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:g': GOOGLE_NAMESPACE,
      channel: { title: channel.title, link: channel.link, description: channel.description, item: items.map(itemElement) },
    },
  }) as string;
}
