/**
 * Catalogue service: product queries of storefront.md 7 and product creation (admin.md 7).
 * Every method uses the request-scoped EntityManager (RequestContext) of the caller.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  FEATURED_PRODUCTS_LIMIT,
  PRODUCT_STATUSES,
  productInputSchema,
  type AdminProduct,
  type AdminProductList,
  type AdminProductListQuery,
  type CatalogueSort,
  type Product as ProductDto,
  type ProductInput,
  type ProductListQuery,
  type ProductPage,
  type ProductRating,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../../storage/object-storage.ts';
import { slugOf, uniqueSlug } from '../../lib/slug.ts';
import { ProductImage } from './product-image.entity.ts';
import { Product, engravingColumns, engravingOf } from './product.entity.ts';
import { searchProducts } from './product-search.ts';
import { ProductVariant } from './product-variant.entity.ts';
import { heldUnits, heldVariantUnits } from './stock-holds.ts';
import { variantsByProduct } from './variant-stock.ts';

/**
 * A free slug for a new product named `name`: its base slug, or the first of `-2`,
 * `-3`, ... no product (archived ones included) has. The unique constraint settles a race.
 */
export async function freeProductSlug(em: EntityManager, name: string): Promise<string> {
  const base = slugOf(name);
  const rows = await em.getConnection().execute<{ slug: string }[]>(`select slug from products where slug = ? or slug like ?`, [base, `${base}-%`]);
  return uniqueSlug(name, new Set(rows.map((row) => row.slug)));
}

/**
 * Orders product ids best rated first, keeping the given order among equals (lent by the reviews
 * module through app.ts: the catalogue knows no review).
 */
export type RatingRank = (em: EntityManager, ids: readonly string[]) => Promise<string[]>;

/**
 * The approved reviews' average and count of each of `ids` that has any, in one query (lent by the
 * reviews module through app.ts, as {@link RatingRank}).
 */
export type RatingsLookup = (em: EntityManager, ids: readonly string[]) => Promise<ReadonlyMap<string, ProductRating>>;

export class CatalogueService {
  private readonly em: EntityManager;
  private readonly storage: ObjectStorage;
  private readonly clock: Clock;
  private readonly ratings: RatingsLookup | undefined;

  /** `ratings` gives the DTOs their `rating`; without it (scripts, tests that only create) every `rating` is null. */
  constructor(em: EntityManager, storage: ObjectStorage, clock: Clock = systemClock, ratings?: RatingsLookup) {
    this.em = em;
    this.storage = storage;
    this.clock = clock;
    this.ratings = ratings;
  }

  /**
   * All products, newest first; `category` narrows to one stored category; `ids` narrows to given
   * products (cart price refresh); `search` finds products as shoppers type (storefront.md 2,
   * catalogue), best match first (see {@link searchProducts}). They combine.
   * Only `active` products are listed (drafts and archived products never are).
   */
  async list(query: { search?: string | undefined; category?: ProductListQuery['category']; ids?: string[] | undefined }): Promise<ProductDto[]> {
    const where: FilterQuery<Product> = { status: 'active' };
    if (query.ids) where.id = { $in: query.ids };
    if (query.category) where.category = query.category;
    if (!query.search?.trim()) {
      return this.toDtos(await this.em.find(Product, where, { orderBy: { createdAt: 'desc', id: 'asc' } }));
    }
    const ranked = (await searchProducts(this.em, query.search, { category: query.category })).map((hit) => hit.id);
    const products = await this.em.find(Product, { $and: [where, { id: { $in: ranked } }] });
    const position = new Map(ranked.map((id, index) => [id, index]));
    products.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return this.toDtos(products);
  }

  /**
   * One page of {@link list}'s products (the catalogue's pages): page `page` (from 1) of
   * `pageSize`, with the number of products matching the filters. The database pages the list
   * (`limit`/`offset` on the newest-first order; with a search, the page's slice of the ranked
   * ids), so a page costs its own products, not the whole catalogue. `sort: 'rating'` orders the
   * matching ids with `rankByRating` (best rated first; the newest-first or best-match order
   * among equals) and takes the page's slice of them; without `rankByRating` it is the default order.
   */
  async page(
    query: { search?: string | undefined; category?: ProductListQuery['category']; ids?: string[] | undefined; page: number; pageSize: number; sort?: CatalogueSort | undefined },
    rankByRating?: RatingRank,
  ): Promise<ProductPage> {
    const { page, pageSize } = query;
    const offset = (page - 1) * pageSize;
    const where: FilterQuery<Product> = { status: 'active' };
    if (query.ids) where.id = { $in: query.ids };
    if (query.category) where.category = query.category;
    const byRating = query.sort === 'rating' && rankByRating;
    let products: Product[];
    let total: number;
    if (!query.search?.trim() && !byRating) {
      [products, total] = await this.em.findAndCount(Product, where, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: pageSize, offset });
    } else {
      let ranked: string[];
      if (query.search?.trim()) {
        ranked = (await searchProducts(this.em, query.search, { category: query.category })).map((hit) => hit.id);
        if (query.ids) {
          const wanted = new Set(query.ids);
          ranked = ranked.filter((id) => wanted.has(id));
        }
      } else {
        ranked = (await this.em.find(Product, where, { fields: ['id'], orderBy: { createdAt: 'desc', id: 'asc' } })).map((product) => product.id);
      }
      if (byRating) ranked = await byRating(this.em, ranked);
      total = ranked.length;
      const slice = ranked.slice(offset, offset + pageSize);
      const position = new Map(slice.map((id, index) => [id, index]));
      products = slice.length === 0 ? [] : await this.em.find(Product, { $and: [where, { id: { $in: slice } }] });
      products.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    }
    return { products: await this.toDtos(products), total, page, pageSize, pageCount: Math.ceil(total / pageSize) };
  }

  /** At most {@link FEATURED_PRODUCTS_LIMIT} featured products, newest first (home). */
  async featured(): Promise<ProductDto[]> {
    const products = await this.em.find(
      Product,
      { isFeatured: true, status: 'active' },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: FEATURED_PRODUCTS_LIMIT },
    );
    return this.toDtos(products);
  }

  /** One `active` product. @throws NotFoundError ('Produto não encontrado'; drafts and archived ones too). */
  async get(id: string): Promise<ProductDto> {
    const product = await this.em.findOne(Product, { id, status: 'active' });
    if (!product) throw new NotFoundError('Produto não encontrado');
    return (await this.toDtos([product]))[0]!;
  }

  /**
   * One `active` product by its slug (product page; drafts and archived ones are not found).
   * @throws NotFoundError ('Produto não encontrado').
   */
  async getBySlug(slug: string): Promise<ProductDto> {
    const product = await this.em.findOne(Product, { slug, status: 'active' });
    if (!product) throw new NotFoundError('Produto não encontrado');
    return (await this.toDtos([product]))[0]!;
  }

  /**
   * The admin panel's product list: the products of `query.status` (`all`: every
   * status), of `query.category`, matching `query.search` (as {@link searchProducts}, over every
   * status), best match first with a search, else newest first; and the counts per status for the
   * same search and category.
   */
  async adminList(query: { status: AdminProductListQuery['status']; search?: string | undefined; category?: ProductListQuery['category'] }): Promise<AdminProductList> {
    const where: FilterQuery<Product> = {};
    if (query.category) where.category = query.category;
    const ranked = query.search?.trim() ? (await searchProducts(this.em, query.search, { category: query.category, statuses: PRODUCT_STATUSES })).map((hit) => hit.id) : undefined;
    if (ranked) where.id = { $in: ranked };
    const status = query.status ?? 'active';
    const products = await this.em.find(Product, status === 'all' ? where : { ...where, status }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    const perStatus: number[] = [];
    for (const value of PRODUCT_STATUSES) perStatus.push(await this.em.count(Product, { ...where, status: value }));
    if (ranked) {
      const position = new Map(ranked.map((id, index) => [id, index]));
      products.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    }
    const [active = 0, draft = 0, archived = 0] = perStatus;
    return { products: await this.toAdminDtos(products), counts: { active, draft, archived, all: active + draft + archived } };
  }

  /** One product of any status, for the panel. @throws NotFoundError ('Produto não encontrado'). */
  async adminGet(id: string): Promise<AdminProduct> {
    const product = await this.em.findOne(Product, { id });
    if (!product) throw new NotFoundError('Produto não encontrado');
    return (await this.toAdminDtos([product]))[0]!;
  }

  /** The API shape plus the status and archiving time, in the same order. */
  async toAdminDtos(products: Product[]): Promise<AdminProduct[]> {
    const dtos = await this.toDtos(products);
    return dtos.map((dto, index) => ({ ...dto, status: products[index]!.status, archivedAt: products[index]!.archivedAt?.toISOString() ?? null }));
  }

  /**
   * Creates a product from an untrusted input (validated here with the shared schema).
   * `createdAt` may be given by trusted callers (seeding). Options and variants are
   * saved with it (the stock is then the variants' sum). @throws ZodError on invalid input.
   */
  async create(input: ProductInput, createdAt?: Date): Promise<ProductDto> {
    const { variants, engraving, ...data } = productInputSchema.parse(input);
    const slug = await freeProductSlug(this.em, data.name);
    const stock = variants.length > 0 ? variants.reduce((sum, variant) => sum + variant.stock, 0) : data.stock;
    const product = this.em.create(Product, { ...data, ...engravingColumns(engraving), stock, slug, ...(createdAt ? { createdAt } : {}) });
    variants.forEach((variant, position) => this.em.create(ProductVariant, { product, sku: variant.sku, options: variant.options, stock: variant.stock, priceCents: variant.priceCents, position }));
    if (data.imageKey) this.em.create(ProductImage, { product, imageKey: data.imageKey, alt: data.name.slice(0, 200), position: 0 });
    await this.em.flush();
    return (await this.toDtos([product]))[0]!;
  }

  /**
   * Maps entities to the API shape, with `available` = stock - active reservations, the galleries
   * and the variants (each with its own `available`; the product's stock and `available`
   * are then their sums), and the ratings of all of them in one query (see {@link RatingsLookup}).
   */
  async toDtos(products: Product[]): Promise<ProductDto[]> {
    const ids = products.map((p) => p.id);
    const now = this.clock.now();
    const held = await heldUnits(this.em, ids, now);
    const variants = await variantsByProduct(this.em, ids.filter((id, index) => (products[index]!.options ?? []).length > 0));
    const heldByVariant = await heldVariantUnits(this.em, [...variants.values()].flat().map((variant) => variant.id), now);
    const galleries = new Map<string, ProductImage[]>();
    if (ids.length > 0) {
      const rows = await this.em.find(ProductImage, { product: { $in: ids } }, { orderBy: { position: 'asc' } });
      for (const row of rows) galleries.set(row.product.id, [...(galleries.get(row.product.id) ?? []), row]);
    }
    const ratings = this.ratings && ids.length > 0 ? await this.ratings(this.em, ids) : new Map<string, ProductRating>();
    return products.map((product) =>
      this.toDto(product, held.get(product.id) ?? 0, galleries.get(product.id) ?? [], variants.get(product.id) ?? [], heldByVariant, ratings.get(product.id) ?? null),
    );
  }

  /**
   * Maps an entity to the API shape (absolute image URLs, ISO dates). `gallery` is its
   * `product_images` rows in order; without any, the cover alone (alt text = name) when it has one.
   * `variants` are its variants in order, `heldByVariant` the units reservations hold per variant id,
   * `rating` its approved reviews' average and count (null without any).
   */
  toDto(
    product: Product,
    held: number,
    gallery: ProductImage[] = [],
    variants: ProductVariant[] = [],
    heldByVariant: ReadonlyMap<string, number> = new Map(),
    rating: ProductRating | null = null,
  ): ProductDto {
    const url = (key: string) => this.storage.publicUrl(PRODUCT_IMAGES_BUCKET, key);
    const images =
      gallery.length > 0
        ? gallery.map((image) => ({ url: url(image.imageKey), alt: image.alt }))
        : product.imageKey
          ? [{ url: url(product.imageKey), alt: product.name }]
          : [];
    const options = product.options ?? [];
    const variantDtos = options.length === 0 ? [] : variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      options: variant.options,
      priceCents: variant.priceCents ?? product.priceCents,
      stock: variant.stock,
      available: Math.max(0, variant.stock - (heldByVariant.get(variant.id) ?? 0)),
    }));
    const sum = (field: 'stock' | 'available') => variantDtos.reduce((total, variant) => total + variant[field], 0);
    return {
      id: product.id,
      slug: product.slug,
      name: product.name,
      category: product.category,
      priceCents: product.priceCents,
      description: product.description ?? null,
      imageUrl: product.imageKey ? url(product.imageKey) : null,
      images,
      isNew: product.isNew,
      isBestseller: product.isBestseller,
      isFeatured: product.isFeatured,
      stock: variantDtos.length > 0 ? sum('stock') : product.stock,
      available: variantDtos.length > 0 ? sum('available') : Math.max(0, product.stock - held),
      options,
      variants: variantDtos,
      rating,
      engraving: engravingOf(product),
      createdAt: product.createdAt.toISOString(),
    };
  }
}
