/**
 * Catalogue service: product queries of storefront.md 7 and product creation (admin.md 7).
 * Every method uses the request-scoped EntityManager (RequestContext) of the caller.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  CATEGORY_LABELS,
  FEATURED_PRODUCTS_LIMIT,
  PRODUCT_CATEGORIES,
  productInputSchema,
  type Product as ProductDto,
  type ProductInput,
  type ProductListQuery,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../../storage/object-storage.ts';
import { Product } from './product.entity.ts';
import { heldUnits } from './stock-holds.ts';

export class CatalogueService {
  private readonly em: EntityManager;
  private readonly storage: ObjectStorage;
  private readonly clock: Clock;

  constructor(em: EntityManager, storage: ObjectStorage, clock: Clock = systemClock) {
    this.em = em;
    this.storage = storage;
    this.clock = clock;
  }

  /**
   * All products, newest first. `search` is a case-insensitive substring of the name, the
   * description, or the category (stored value or its pt-BR label); `category` narrows to one
   * stored category; `ids` narrows to given products (cart price refresh). They combine
   * (storefront.md 2, catalogue). Archived products (issue 12) are never listed.
   */
  async list(query: { search?: string | undefined; category?: ProductListQuery['category']; ids?: string[] | undefined }): Promise<ProductDto[]> {
    const where: FilterQuery<Product> = { archivedAt: null };
    if (query.ids) where.id = { $in: query.ids };
    if (query.category) where.category = query.category;
    if (query.search) {
      const term = query.search.toLocaleLowerCase('pt-BR');
      const pattern = containsPattern(term);
      const categories = PRODUCT_CATEGORIES.filter(
        (value) => value.includes(term) || CATEGORY_LABELS[value].toLocaleLowerCase('pt-BR').includes(term),
      );
      where.$or = [
        { name: { $ilike: pattern } },
        { description: { $ilike: pattern } },
        ...(categories.length > 0 ? [{ category: { $in: categories } }] : []),
      ];
    }
    const products = await this.em.find(Product, where, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return this.toDtos(products);
  }

  /** At most {@link FEATURED_PRODUCTS_LIMIT} featured products, newest first (home). */
  async featured(): Promise<ProductDto[]> {
    const products = await this.em.find(
      Product,
      { isFeatured: true, archivedAt: null },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: FEATURED_PRODUCTS_LIMIT },
    );
    return this.toDtos(products);
  }

  /** One product (not archived). @throws NotFoundError ('Produto não encontrado'). */
  async get(id: string): Promise<ProductDto> {
    const product = await this.em.findOne(Product, { id, archivedAt: null });
    if (!product) throw new NotFoundError('Produto não encontrado');
    return (await this.toDtos([product]))[0]!;
  }

  /**
   * Creates a product from an untrusted input (validated here with the shared schema).
   * `createdAt` may be given by trusted callers (seeding). @throws ZodError on invalid input.
   */
  async create(input: ProductInput, createdAt?: Date): Promise<ProductDto> {
    const data = productInputSchema.parse(input);
    const product = this.em.create(Product, { ...data, ...(createdAt ? { createdAt } : {}) });
    await this.em.flush();
    return (await this.toDtos([product]))[0]!;
  }

  /** Maps entities to the API shape, with `available` = stock - active reservations. */
  async toDtos(products: Product[]): Promise<ProductDto[]> {
    const held = await heldUnits(this.em, products.map((p) => p.id), this.clock.now());
    return products.map((product) => this.toDto(product, held.get(product.id) ?? 0));
  }

  /** Maps an entity to the API shape (absolute image URL, ISO dates). */
  toDto(product: Product, held: number): ProductDto {
    return {
      id: product.id,
      name: product.name,
      category: product.category,
      priceCents: product.priceCents,
      description: product.description ?? null,
      imageUrl: product.imageKey ? this.storage.publicUrl(PRODUCT_IMAGES_BUCKET, product.imageKey) : null,
      isNew: product.isNew,
      isBestseller: product.isBestseller,
      isFeatured: product.isFeatured,
      stock: product.stock,
      available: Math.max(0, product.stock - held),
      createdAt: product.createdAt.toISOString(),
    };
  }
}
