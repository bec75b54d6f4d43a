/**
 * Demo catalogue seeder (@mikro-orm/seeder): the jewelry products of SEED_CATALOGUE
 * (`data/catalogue.json`) with their SVG image each (`data/art/<slug>.svg`), written to the
 * `product-images` bucket under `products/`. Creation dates are
 * spread over the past months (`ageDays`) so "newest first" is meaningful. Each product gets its
 * slug from its name and its picture as the gallery's only image (alt text = name), and
 * its options and variants when the file gives them.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Product, ProductImage, ProductVariant } from '../modules/catalogue/index.ts';
import { uniqueSlug } from '../lib/slug.ts';
import { readProductSvg } from './product-art.ts';
import { SEED_CATALOGUE } from './seed-catalogue.ts';
import { PRODUCT_IMAGES_BUCKET, PRODUCT_IMAGES_FOLDER, type ObjectStorage } from '../storage/object-storage.ts';

const DAY_MS = 86_400_000;

export class CatalogueSeeder extends Seeder {
  private readonly storage: ObjectStorage;
  private readonly now: Date;

  constructor(storage: ObjectStorage, now = new Date()) {
    super();
    this.storage = storage;
    this.now = now;
  }

  async run(em: EntityManager): Promise<void> {
    const taken = new Set((await em.find(Product, {}, { fields: ['slug'] })).map((product) => product.slug));
    for (const item of SEED_CATALOGUE) {
      const slug = uniqueSlug(item.name, taken);
      taken.add(slug);
      const imageKey = `${PRODUCT_IMAGES_FOLDER}/${item.slug}.svg`;
      await this.storage.put(PRODUCT_IMAGES_BUCKET, imageKey, await readProductSvg(item.slug));
      const product = em.create(Product, {
        name: item.name,
        slug,
        category: item.category,
        priceCents: item.priceCents,
        description: item.description,
        imageKey,
        isNew: item.isNew,
        isBestseller: item.isBestseller,
        isFeatured: item.isFeatured,
        stock: item.stock,
        options: item.options ?? [],
        createdAt: new Date(this.now.getTime() - item.ageDays * DAY_MS),
      });
      em.create(ProductImage, { product, imageKey, alt: item.name.slice(0, 200), position: 0 });
      (item.variants ?? []).forEach((variant, position) =>
        em.create(ProductVariant, { product, sku: variant.sku, options: variant.options, stock: variant.stock, priceCents: variant.priceCents ?? null, position }),
      );
    }
    await em.flush();
  }
}
