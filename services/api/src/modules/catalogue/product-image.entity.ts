/**
 * A product's gallery image. Table `product_images`.
 *
 * `imageKey` is the object key inside the `product-images` bucket (as `Product.imageKey`), `alt`
 * its alternative text (required, pt-BR), `position` its place in the gallery from 0 (the cover,
 * also kept in `Product.imageKey` for compatibility) to {@link PRODUCT_GALLERY_MAX} - 1.
 * Deleting the product deletes its gallery rows.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PRODUCT_GALLERY_MAX } from '@prata/contracts';
import { Product } from './product.entity.ts';

export const ProductImageSchema = defineEntity({
  name: 'ProductImage',
  tableName: 'product_images',
  // The public lists carry the galleries: any change tells every process they may have changed
  // (`NOTIFY prata_catalogue`, as `products` does; catalogue-cache.ts).
  triggers: [{ name: 'product_images_catalogue_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_catalogue', ''); return null;" }],
  uniques: [{ name: 'product_images_product_id_position_unique', properties: ['product', 'position'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    product: () => p.manyToOne(Product).deleteRule('cascade'),
    imageKey: p.string().length(300),
    alt: p.string().length(200),
    position: p.integer().check(`position >= 0 and position < ${PRODUCT_GALLERY_MAX}`),
  },
});

export class ProductImage extends ProductImageSchema.class {}
ProductImageSchema.setClass(ProductImage);
