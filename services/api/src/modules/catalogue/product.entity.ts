/**
 * Product entity (storefront.md 3, admin.md 3). Table `products`.
 *
 * Money is stored exactly: `priceCents` is an integer number of BRL cents. `stock` is the number
 * of units on hand. `imageKey` is the object key inside the `product-images` bucket
 * (e.g. `products/anel-solitario.svg`); the public URL is derived from it at response time.
 * `slug` is the product page's address `/produtos/<slug>`: unique, made from the name
 * when the product is created (`lib/slug.ts`, `-2` on a collision) and never changed afterwards,
 * so links stay valid when the name changes. `imageKey` is the cover: the first image of the
 * gallery (`product_images`, product-image.entity.ts) when it has one.
 * `status` (`PRODUCT_STATUSES`): only `active` products are shown to shoppers, found by
 * their search, reserved and ordered; `draft` ones are being prepared; `archived` ones were deleted
 * by an admin while order lines reference them: the row stays for the order history.
 * The panel lists all three (by status) and restores an archived product to draft or active.
 * `archivedAt` is when it was archived (null unless `status` is `archived`; kept for the panel and
 * the history, the status is what every query filters on).
 * `options` are the product's options in order (`[{ name: 'Aro', values: ['14', '16'] }]`,
 * empty for a product without options); each combination sold is a `product_variants` row
 * (product-variant.entity.ts) and `stock` is then the sum of the variants' stock.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PRODUCT_CATEGORIES, PRODUCT_STATUSES, type EngravingSettings, type ProductOption } from '@prata/contracts';

export const ProductSchema = defineEntity({
  name: 'Product',
  tableName: 'products',
  // Any change, by the service or behind its back (SQL, scripts), tells every service process
  // that the public catalogue lists may have changed (`NOTIFY prata_catalogue`, once per
  // transaction; catalogue-cache.ts).
  triggers: [{ name: 'products_catalogue_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_catalogue', ''); return null;" }],
  indexes: [
    {
      // Global search: trigram matching on the accent- and case-folded name.
      name: 'products_name_search_index',
      expression: 'create index "products_name_search_index" on "products" using gin (search_normalize("name") gin_trgm_ops)',
    },
    {
      // Storefront search (product-search.ts): trigram matching on the folded name and description.
      name: 'products_text_search_index',
      expression: `create index "products_text_search_index" on "products" using gin (search_normalize("name" || ' ' || coalesce("description", '')) gin_trgm_ops)`,
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(200),
    slug: p.string().length(220).unique(),
    category: p.enum(PRODUCT_CATEGORIES).index(),
    priceCents: p.integer().check('price_cents >= 0'),
    description: p.text().nullable(),
    imageKey: p.string().length(300).nullable(),
    isNew: p.boolean().default(false),
    isBestseller: p.boolean().default(false),
    isFeatured: p.boolean().default(false),
    stock: p.integer().default(0).check('stock >= 0'),
    options: p.json<ProductOption[]>().defaultRaw(`'[]'`).onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    status: p.enum(PRODUCT_STATUSES).default('active').index(),
    archivedAt: p.datetime().nullable(),
    /** Shipping weight of one piece in grams; null: the `DEFAULT_ITEM_WEIGHT_G` setting. */
    weightGrams: p.integer().nullable().check('weight_grams > 0'),
    /**
     * 'Gravação' (contracts gifts.ts): whether a piece can be engraved, its price per piece (BRL
     * cents), the most characters and the business days it adds before shipping.
     */
    engravingEnabled: p.boolean().default(false),
    engravingPriceCents: p.integer().default(0).check('engraving_price_cents >= 0'),
    engravingMaxChars: p.smallint().default(20).check('engraving_max_chars >= 1 and engraving_max_chars <= 40'),
    engravingExtraDays: p.smallint().default(0).check('engraving_extra_days >= 0 and engraving_extra_days <= 30'),
  },
});

export class Product extends ProductSchema.class {}
ProductSchema.setClass(Product);

/** The product's engraving columns of the panel's `engraving` (contracts gifts.ts). */
export function engravingColumns(engraving: EngravingSettings): Pick<Product, 'engravingEnabled' | 'engravingPriceCents' | 'engravingMaxChars' | 'engravingExtraDays'> {
  return { engravingEnabled: engraving.enabled, engravingPriceCents: engraving.priceCents, engravingMaxChars: engraving.maxChars, engravingExtraDays: engraving.extraDays };
}

/** The shoppers' view of a product's engraving (contracts `Product.engraving`). */
export function engravingOf(product: Pick<Product, 'engravingEnabled' | 'engravingPriceCents' | 'engravingMaxChars' | 'engravingExtraDays'>): EngravingSettings {
  return { enabled: product.engravingEnabled, priceCents: product.engravingPriceCents, maxChars: product.engravingMaxChars, extraDays: product.engravingExtraDays };
}
