/**
 * Catalogue service: product queries of storefront.md 7 and product creation (admin.md 7).
 * Every method uses the request-scoped EntityManager (RequestContext) of the caller.
 */
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  CATEGORY_LABELS,
  FEATURED_PRODUCTS_LIMIT,
  PRODUCT_STATUSES,
  productInputSchema,
  type AdminProduct,
  type AdminProductList,
  type AdminProductListQuery,
  type Product as ProductDto,
  type ProductStatus,
  type ProductInput,
  type ProductListQuery,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../../storage/object-storage.ts';
import { slugOf, uniqueSlug } from '../../lib/slug.ts';
import { ProductImage } from './product-image.entity.ts';
import { Product } from './product.entity.ts';
import { heldUnits } from './stock-holds.ts';

/** At most this many words of a search are used (the rest is ignored). */
const SEARCH_MAX_WORDS = 8;

/**
 * How close (pg_trgm word similarity, 0-1) a mistyped word must be to a word of a product's text.
 * One wrong letter in an 8-letter word ('pulceira' for 'pulseira') scores 0.5; pg_trgm's default
 * threshold for `<%` (0.6) would miss it.
 */
const SEARCH_TYPO_SIMILARITY = 0.45;

/**
 * Ids of the products (of `statuses`, by default only `active` ones; of `category` when given) a
 * shopper's search finds, best match first (issue 22, "search as shoppers type it"). The admin
 * panel's product list searches every status the same way. A product's text is its name,
 * description, category and the category's pt-BR label, compared through `search_normalize()`
 * (lower case, accents removed: 'zirconia' finds 'Zircônia', 'ANEIS' finds 'Anéis').
 * - Every word of the search must match, in any order ('brinco zirconia' and 'zirconia brinco'
 *   find the same earrings), as a substring of the text; LIKE wildcards in a word are literal.
 * - When no product matches that way, a word may instead be close to a word of the text
 *   (pg_trgm word similarity >= {@link SEARCH_TYPO_SIMILARITY}): 'pulceira' finds 'Pulseira'.
 * - Order: the words' similarity to the name, then to the whole text, then newest first.
 */
export async function searchProductIds(
  em: EntityManager,
  search: string,
  category?: ProductListQuery['category'],
  statuses: readonly ProductStatus[] = ['active'],
): Promise<string[]> {
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return [];
  const labels = Object.entries(CATEGORY_LABELS);
  const text = `search_normalize(p.name || ' ' || coalesce(p.description, '') || ' ' || p.category || ' ' || coalesce(l.label, ''))`;
  const select = (condition: string) =>
    `select p.id from products p left join (values ${labels.map(() => '(?, ?)').join(', ')}) as l(value, label) on l.value = p.category
      where p.status in (${statuses.map(() => '?').join(', ')}) ${category ? 'and p.category = ?' : ''} and ${condition}
      order by ${words.map(() => `word_similarity(search_normalize(?), search_normalize(p.name))`).join(' + ')} desc,
               ${words.map(() => `word_similarity(search_normalize(?), ${text})`).join(' + ')} desc, p.created_at desc, p.id`;
  const head = [...labels.flat(), ...statuses, ...(category ? [category] : [])];
  const order = [...words, ...words];
  const connection = em.getConnection();
  const strict = await connection.execute<{ id: string }[]>(
    select(words.map(() => `${text} like search_normalize(?)`).join(' and ')),
    [...head, ...words.map(containsPattern), ...order],
  );
  if (strict.length > 0) return strict.map((row) => row.id);
  const close = await connection.execute<{ id: string }[]>(
    select(words.map(() => `(${text} like search_normalize(?) or word_similarity(search_normalize(?), ${text}) >= ?)`).join(' and ')),
    [...head, ...words.flatMap((word) => [containsPattern(word), word, SEARCH_TYPO_SIMILARITY]), ...order],
  );
  return close.map((row) => row.id);
}

/**
 * A free slug for a new product named `name` (issue 22): its base slug, or the first of `-2`,
 * `-3`, ... no product (archived ones included) has. The unique constraint settles a race.
 */
export async function freeProductSlug(em: EntityManager, name: string): Promise<string> {
  const base = slugOf(name);
  const rows = await em.getConnection().execute<{ slug: string }[]>(`select slug from products where slug = ? or slug like ?`, [base, `${base}-%`]);
  return uniqueSlug(name, new Set(rows.map((row) => row.slug)));
}

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
   * All products, newest first; `category` narrows to one stored category; `ids` narrows to given
   * products (cart price refresh); `search` finds products as shoppers type (storefront.md 2,
   * catalogue; issue 22), best match first (see {@link searchProductIds}). They combine.
   * Only `active` products are listed (issue 22: drafts and archived products never are).
   */
  async list(query: { search?: string | undefined; category?: ProductListQuery['category']; ids?: string[] | undefined }): Promise<ProductDto[]> {
    const where: FilterQuery<Product> = { status: 'active' };
    if (query.ids) where.id = { $in: query.ids };
    if (query.category) where.category = query.category;
    if (!query.search?.trim()) {
      return this.toDtos(await this.em.find(Product, where, { orderBy: { createdAt: 'desc', id: 'asc' } }));
    }
    const ranked = await searchProductIds(this.em, query.search, query.category);
    const products = await this.em.find(Product, { $and: [where, { id: { $in: ranked } }] });
    const position = new Map(ranked.map((id, index) => [id, index]));
    products.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return this.toDtos(products);
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
   * One `active` product by its slug (issue 22, product page; drafts and archived ones are not found).
   * @throws NotFoundError ('Produto não encontrado').
   */
  async getBySlug(slug: string): Promise<ProductDto> {
    const product = await this.em.findOne(Product, { slug, status: 'active' });
    if (!product) throw new NotFoundError('Produto não encontrado');
    return (await this.toDtos([product]))[0]!;
  }

  /**
   * The admin panel's product list (issue 22): the products of `query.status` (`all`: every
   * status), of `query.category`, matching `query.search` (as {@link searchProductIds}, over every
   * status), best match first with a search, else newest first; and the counts per status for the
   * same search and category.
   */
  async adminList(query: { status: AdminProductListQuery['status']; search?: string | undefined; category?: ProductListQuery['category'] }): Promise<AdminProductList> {
    const where: FilterQuery<Product> = {};
    if (query.category) where.category = query.category;
    const ranked = query.search?.trim() ? await searchProductIds(this.em, query.search, query.category, PRODUCT_STATUSES) : undefined;
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

  /** One product of any status, for the panel (issue 22). @throws NotFoundError ('Produto não encontrado'). */
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
   * `createdAt` may be given by trusted callers (seeding). @throws ZodError on invalid input.
   */
  async create(input: ProductInput, createdAt?: Date): Promise<ProductDto> {
    const data = productInputSchema.parse(input);
    const slug = await freeProductSlug(this.em, data.name);
    const product = this.em.create(Product, { ...data, slug, ...(createdAt ? { createdAt } : {}) });
    if (data.imageKey) this.em.create(ProductImage, { product, imageKey: data.imageKey, alt: data.name.slice(0, 200), position: 0 });
    await this.em.flush();
    return (await this.toDtos([product]))[0]!;
  }

  /** Maps entities to the API shape, with `available` = stock - active reservations and the galleries. */
  async toDtos(products: Product[]): Promise<ProductDto[]> {
    const ids = products.map((p) => p.id);
    const held = await heldUnits(this.em, ids, this.clock.now());
    const galleries = new Map<string, ProductImage[]>();
    if (ids.length > 0) {
      const rows = await this.em.find(ProductImage, { product: { $in: ids } }, { orderBy: { position: 'asc' } });
      for (const row of rows) galleries.set(row.product.id, [...(galleries.get(row.product.id) ?? []), row]);
    }
    return products.map((product) => this.toDto(product, held.get(product.id) ?? 0, galleries.get(product.id) ?? []));
  }

  /**
   * Maps an entity to the API shape (absolute image URLs, ISO dates). `gallery` is its
   * `product_images` rows in order; without any, the cover alone (alt text = name) when it has one.
   */
  toDto(product: Product, held: number, gallery: ProductImage[] = []): ProductDto {
    const url = (key: string) => this.storage.publicUrl(PRODUCT_IMAGES_BUCKET, key);
    const images =
      gallery.length > 0
        ? gallery.map((image) => ({ url: url(image.imageKey), alt: image.alt }))
        : product.imageKey
          ? [{ url: url(product.imageKey), alt: product.name }]
          : [];
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
      stock: product.stock,
      available: Math.max(0, product.stock - held),
      createdAt: product.createdAt.toISOString(),
    };
  }
}
