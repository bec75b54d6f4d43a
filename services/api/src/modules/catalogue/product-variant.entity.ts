/**
 * A product's variant: one combination of its options (`Product.options`, e.g.
 * `{ Aro: '16' }`) with its own SKU (unique store-wide), stock (units on hand, never negative) and
 * optional price in BRL cents (null: the product's price). Table `product_variants`; `position`
 * orders the variants as the admin listed them. A product with variants keeps `products.stock`
 * equal to the sum of its variants' stock (product-admin.service.ts and variant-stock.ts keep it so
 * in the same transaction). Deleting the product deletes its variants; order lines keep a snapshot
 * (SKU, label) and their `variant_id` becomes null.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import type { VariantOptions } from '@prata/contracts';
import { Product } from './product.entity.ts';

export const ProductVariantSchema = defineEntity({
  name: 'ProductVariant',
  tableName: 'product_variants',
  // The public lists carry the variants and their stock: any change tells every process they may
  // have changed (`NOTIFY prata_catalogue`, as `products` does; catalogue-cache.ts).
  triggers: [{ name: 'product_variants_catalogue_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_catalogue', ''); return null;" }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    product: () => p.manyToOne(Product).deleteRule('cascade').index(),
    sku: p.string().length(60).unique(),
    options: p.json<VariantOptions>(),
    stock: p.integer().default(0).check('stock >= 0'),
    priceCents: p.integer().nullable().check('price_cents > 0'),
    position: p.integer().default(0),
  },
});

export class ProductVariant extends ProductVariantSchema.class {}
ProductVariantSchema.setClass(ProductVariant);
