/**
 * Demo catalogue seeder (@mikro-orm/seeder): the jewelry products of SEED_CATALOGUE
 * (`data/catalogue.json`) with their SVG image each (`data/art/<slug>.svg`), written to the
 * `product-images` bucket under `products/`. Creation dates are
 * spread over the past months (`ageDays`) so "newest first" is meaningful.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Product } from '../modules/catalogue/index.ts';
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
    for (const item of SEED_CATALOGUE) {
      const imageKey = `${PRODUCT_IMAGES_FOLDER}/${item.slug}.svg`;
      await this.storage.put(PRODUCT_IMAGES_BUCKET, imageKey, await readProductSvg(item.slug));
      em.create(Product, {
        name: item.name,
        category: item.category,
        priceCents: item.priceCents,
        description: item.description,
        imageKey,
        isNew: item.isNew,
        isBestseller: item.isBestseller,
        isFeatured: item.isFeatured,
        stock: item.stock,
        createdAt: new Date(this.now.getTime() - item.ageDays * DAY_MS),
      });
    }
    await em.flush();
  }
}
