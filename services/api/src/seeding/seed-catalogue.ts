/**
 * Seed catalogue: the sterling silver (prata 925) products the store starts with, read from
 * `data/catalogue.json` and validated with zod when this module loads (a malformed file fails the
 * import with a ZodError naming the product index and field).
 *
 * Units: `priceCents` is BRL cents (integer; 14990 = R$ 149,90), `stock` is units on hand,
 * `ageDays` is how many days before seeding the product was created (all distinct, so
 * "newest first" is a total order). `slug` doubles as the image file name: the art is
 * `data/art/${slug}.svg` (read by `product-art.ts`). Product names and descriptions are pt-BR, as
 * shown to customers. The data folder is part of `src/`, so it ships wherever the source does
 * (the Docker image copies `services/api/src`). A few pieces have options and variants:
 * rings by 'Aro', a chain by 'Comprimento', each size with its own SKU and stock.
 */
import { z } from 'zod';
import { productCategorySchema, productInputSchema, productOptionSchema, productVariantInputSchema } from '@prata/contracts';
import catalogueJson from './data/catalogue.json' with { type: 'json' };

/** One seeded product, as written in `data/catalogue.json`. */
export const seedProductSchema = z
  .strictObject({
    /** Kebab-case ASCII, unique; also the image file name `${slug}.svg`. */
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    /** pt-BR product name. */
    name: z.string().trim().min(1),
    category: productCategorySchema,
    /** BRL cents (integer). */
    priceCents: z.number().int().positive(),
    /** One or two pt-BR sentences. */
    description: z.string().trim().min(1),
    isNew: z.boolean(),
    isBestseller: z.boolean(),
    isFeatured: z.boolean(),
    /** Units on hand, 0..40. */
    stock: z.number().int().min(0).max(40),
    /** Days before seeding the product was created, 0..120, distinct across the catalogue. */
    ageDays: z.number().int().min(0).max(120),
    /** Options ('Aro' of a ring, 'Comprimento' of a chain); absent for a simple product. */
    options: z.array(productOptionSchema).optional(),
    /** One per combination with its SKU, stock and optional own price (cents); `stock` above is their sum. */
    variants: z.array(productVariantInputSchema.omit({ id: true })).optional(),
  })
  .refine((product) => !product.variants || product.variants.reduce((sum, variant) => sum + variant.stock, 0) === product.stock, 'stock must be the sum of the variants')
  .refine((product) => productInputSchema.safeParse(product).success, 'options and variants must follow the product rules (contracts productInputSchema)');

/** One seeded product. priceCents = BRL cents (integer). */
export type SeedProduct = z.output<typeof seedProductSchema>;

/** The whole seed file: products with unique slugs. */
export const seedCatalogueSchema = z
  .array(seedProductSchema)
  .min(1)
  .refine((products) => new Set(products.map((product) => product.slug)).size === products.length, 'slugs must be unique');

/** The products of `data/catalogue.json`, in file order (validated). */
export const SEED_CATALOGUE: readonly SeedProduct[] = Object.freeze(seedCatalogueSchema.parse(catalogueJson));
