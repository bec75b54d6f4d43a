/**
 * Product management by admins (admin.md 2, 3, 5, 7): create, update and delete
 * products and their images.
 *
 * Each change runs in one transaction that also writes the audit row (who, what, and before /
 * after values of the changed fields, prices in cents) and the domain event (`ProductCreated`,
 * `ProductUpdated`, `ProductDeleted`, payload with `productId`) to the outbox; subscribers hear
 * of it after commit. Image files are deleted only after the commit (a rolled-back change keeps
 * its picture).
 *
 * The gallery is set whole by {@link ProductAdminService.setGallery}; its first image is
 * the cover (`Product.imageKey`). A create or update that changes the cover changes the gallery's
 * first image too (no cover: no gallery).
 *
 * An edit that takes the stock (of the product or a variant) from 0 to above 0 also records
 * `StockReplenished` (back-in-stock alerts: stock-replenished.ts).
 *
 * Deleting a product that order lines reference archives it instead (`status` 'archived'): the
 * row stays for the order history, hidden from the catalogue, with no stock (so no cart
 * can still buy it), not featured, its active reservations released and its picture deleted. An
 * archived product cannot be edited until {@link ProductAdminService.restore} returns it to draft
 * or active (restocking is then a normal edit). A product set to draft loses its reservations.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  PRODUCT_IMAGE_KEY_PATTERN,
  productGalleryInputSchema,
  productInputSchema,
  productRestoreSchema,
  type AdminProduct,
  type ProductDeletion,
  type ProductRestore,
  type ProductGalleryInput,
  type ProductInput,
  PRODUCT_EVENTS,
} from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { ProductReservation } from './reservation.entity.ts';
import { freeProductSlug, type CatalogueService } from './catalogue.service.ts';
import { ProductImage } from './product-image.entity.ts';
import type { ProductImages } from './product-images.ts';
import { Product, engravingColumns } from './product.entity.ts';
import { publishIfReplenished } from './stock-replenished.ts';
import { ProductVariant } from './product-variant.entity.ts';
import { saveVariants, type VariantChanges, type VariantOrderCheck } from './product-variants.ts';

/** The editable fields, as compared for the audit's before / after. */
const FIELDS = ['name', 'category', 'priceCents', 'description', 'imageKey', 'isNew', 'isBestseller', 'isFeatured', 'stock', 'status', 'engravingEnabled', 'engravingPriceCents', 'engravingMaxChars', 'engravingExtraDays'] as const;
type Snapshot = Record<(typeof FIELDS)[number], unknown>;

function snapshot(product: Product): Snapshot {
  return Object.fromEntries(FIELDS.map((field) => [field, product[field] ?? null])) as Snapshot;
}

/** The fields whose value differs, with their old and new values. */
export function changedFields(before: Snapshot, after: Snapshot): { before: Partial<Snapshot>; after: Partial<Snapshot> } {
  const changed = FIELDS.filter((field) => before[field] !== after[field]);
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  };
}

/** The audit's view of options and variants: the options and the SKUs created, updated, deleted. */
function variantDetails(data: { options: unknown[] }, changes: VariantChanges): Record<string, unknown> {
  return data.options.length > 0 || changes.deleted.length > 0 ? { options: data.options, variants: changes } : {};
}

/**
 * Whether order lines reference a product (such a product is archived instead of deleted). The
 * orders module answers it (modules/orders `productIsOrdered`); the app hands it to the catalogue,
 * which knows nothing of orders.
 */
export type ProductOrderCheck = (em: EntityManager, productId: string) => Promise<boolean>;

export interface ProductAdminDeps {
  catalogue: CatalogueService;
  isOrdered: ProductOrderCheck;
  /** Which variants order lines reference; absent: none. */
  orderedVariants?: VariantOrderCheck;
  images: ProductImages;
  events: EventBus;
  clock: Clock;
}

export class ProductAdminService {
  private readonly deps: ProductAdminDeps;

  constructor(deps: ProductAdminDeps) {
    this.deps = deps;
  }

  /**
   * Creates a product, with its options and variants (stock = the variants' sum).
   * @throws ZodError (invalid input), ValidationError (unknown image), ConflictError 'SKU duplicado'.
   */
  async create(em: EntityManager, actorId: string, input: ProductInput, meta: RequestMeta): Promise<AdminProduct> {
    const data = productInputSchema.parse(input);
    await this.checkImage(data.imageKey);
    const { variants: _variants, options: _options, engraving, ...fields } = data;
    const records: DomainEventRecord[] = [];
    const product = await em.transactional(async (tx) => {
      const created = tx.create(Product, { ...fields, ...engravingColumns(engraving), slug: await freeProductSlug(tx, data.name) });
      const variants = await saveVariants(tx, created, data, this.orderedVariants, this.deps.clock.now());
      if (data.imageKey) tx.create(ProductImage, { product: created, imageKey: data.imageKey, alt: data.name.slice(0, 200), position: 0 });
      audit(tx, { userId: actorId, action: 'product_created', details: { productId: created.id, name: created.name, after: snapshot(created), ...variantDetails(data, variants) }, meta });
      records.push(this.deps.events.record(tx, { type: PRODUCT_EVENTS.created, aggregateId: created.id, payload: { productId: created.id, name: created.name } }));
      return created;
    });
    await this.deps.events.publish(em, records);
    return this.deps.catalogue.adminGet(product.id);
  }

  /**
   * Replaces a product's fields (its status too: active or draft; a draft's reservations are
   * released), options and variants (by id, new ones created, removed ones deleted;
   * stock = the variants' sum). A new or removed image deletes the old file and its renditions.
   * @throws ZodError, NotFoundError ('Produto não encontrado'), ConflictError ('product_archived',
   * 'SKU duplicado', a removed variant with orders), ValidationError (unknown image or variant).
   */
  async update(em: EntityManager, actorId: string, id: string, input: ProductInput, meta: RequestMeta): Promise<AdminProduct> {
    const data = productInputSchema.parse(input);
    const records: DomainEventRecord[] = [];
    const oldImage = await em.transactional(async (tx) => {
      const product = await this.lock(tx, id);
      if (data.imageKey !== product.imageKey) await this.checkImage(data.imageKey);
      const before = snapshot(product);
      const beforeOptions = JSON.stringify(product.options ?? []);
      const { variants: _variants, options: _options, engraving, ...fields } = data;
      tx.assign(product, { ...fields, ...engravingColumns(engraving) });
      const variants = await saveVariants(tx, product, data, this.orderedVariants, this.deps.clock.now());
      const changes = changedFields(before, snapshot(product));
      const optionsChanged = beforeOptions !== JSON.stringify(data.options);
      const variantsChanged = optionsChanged || variants.created.length + variants.updated.length + variants.deleted.length > 0;
      if (variantsChanged) Object.assign(changes.after, variantDetails(data, variants));
      if (Object.keys(changes.after).length === 0) return null;
      if (before.imageKey !== product.imageKey) await this.syncCover(tx, product);
      if (product.status !== 'active') await tx.nativeUpdate(ProductReservation, { product: id, isActive: true }, { isActive: false, releasedAt: this.deps.clock.now() });
      audit(tx, { userId: actorId, action: 'product_updated', details: { productId: id, name: product.name, ...changes }, meta });
      records.push(
        this.deps.events.record(tx, { type: PRODUCT_EVENTS.updated, aggregateId: id, payload: { productId: id, changed: Object.keys(changes.after) } }),
      );
      // Back-in-stock: each variant back from 0, or the product without variants.
      const stockChanges = data.variants.length > 0 ? variants.stock.map((change) => ({ productId: id, ...change })) : [{ productId: id, variantId: null, before: before.stock as number, after: product.stock }];
      for (const change of stockChanges) {
        const replenished = publishIfReplenished(this.deps.events, tx, change);
        if (replenished) records.push(replenished);
      }
      return before.imageKey !== product.imageKey ? (before.imageKey as string | null) : null;
    });
    await this.deps.events.publish(em, records);
    if (oldImage) await this.removeUnused(em, oldImage);
    return this.deps.catalogue.adminGet(id);
  }

  /**
   * Deletes a product, or archives it when order lines reference it. Its image is deleted.
   * @throws NotFoundError ('Produto não encontrado').
   */
  async delete(em: EntityManager, actorId: string, id: string, meta: RequestMeta): Promise<ProductDeletion> {
    const records: DomainEventRecord[] = [];
    const { outcome, images } = await em.transactional(async (tx) => {
      const product = await this.lock(tx, id);
      const before = snapshot(product);
      const gallery = await tx.find(ProductImage, { product: id });
      const keys = [...new Set([before.imageKey as string | null, ...gallery.map((row) => row.imageKey)].filter((key): key is string => key !== null))];
      const ordered = await this.deps.isOrdered(tx, id);
      if (ordered) {
        const now = this.deps.clock.now();
        tx.assign(product, { status: 'archived', archivedAt: now, stock: 0, isFeatured: false, imageKey: null });
        await tx.nativeUpdate(ProductVariant, { product: id }, { stock: 0 });
        await tx.nativeUpdate(ProductReservation, { product: id, isActive: true }, { isActive: false, releasedAt: now });
        await tx.nativeDelete(ProductImage, { product: id });
      } else {
        tx.remove(product);
      }
      audit(tx, { userId: actorId, action: ordered ? 'product_archived' : 'product_deleted', details: { productId: id, name: before.name, before }, meta });
      records.push(this.deps.events.record(tx, { type: PRODUCT_EVENTS.deleted, aggregateId: id, payload: { productId: id, archived: ordered } }));
      return { outcome: ordered ? ('archived' as const) : ('deleted' as const), images: keys };
    });
    await this.deps.events.publish(em, records);
    for (const key of images) await this.removeUnused(em, key);
    return {
      outcome,
      message: outcome === 'archived' ? 'Produto arquivado: ele tem pedidos e continua no histórico, mas saiu do catálogo.' : 'Produto removido',
    };
  }

  /**
   * Replaces a product's gallery: the images in the given order (position = index),
   * each an uploaded image with its alt text; the first becomes the cover (`imageKey`), an empty
   * gallery leaves the product without image. Audited (`product_gallery_updated`, keys and alt
   * texts before / after) with a `ProductUpdated` event (`changed: ['images']`); images no longer
   * used by any product are deleted after the commit.
   * @throws ZodError (more than 8, alt text missing, a key twice), NotFoundError ('Produto não
   * encontrado'), ValidationError (unknown image).
   */
  async setGallery(em: EntityManager, actorId: string, id: string, input: ProductGalleryInput, meta: RequestMeta): Promise<AdminProduct> {
    const { images } = productGalleryInputSchema.parse(input);
    for (const image of images) await this.checkImage(image.key, 'images');
    const records: DomainEventRecord[] = [];
    const removed = await em.transactional(async (tx) => {
      const product = await this.lock(tx, id);
      const old = await tx.find(ProductImage, { product: id }, { orderBy: { position: 'asc' } });
      const before = old.map((row) => ({ key: row.imageKey, alt: row.alt }));
      const oldKeys = new Set([...old.map((row) => row.imageKey), ...(product.imageKey ? [product.imageKey] : [])]);
      await tx.nativeDelete(ProductImage, { product: id });
      images.forEach((image, position) => tx.create(ProductImage, { product, imageKey: image.key, alt: image.alt, position }));
      product.imageKey = images[0]?.key ?? null;
      audit(tx, { userId: actorId, action: 'product_gallery_updated', details: { productId: id, name: product.name, before, after: images }, meta });
      records.push(this.deps.events.record(tx, { type: PRODUCT_EVENTS.updated, aggregateId: id, payload: { productId: id, changed: ['images'] } }));
      const kept = new Set(images.map((image) => image.key));
      return [...oldKeys].filter((key) => !kept.has(key));
    });
    await this.deps.events.publish(em, records);
    for (const key of removed) await this.removeUnused(em, key);
    return this.deps.catalogue.adminGet(id);
  }

  /**
   * Restores an archived product to `input.status` (draft or active): it keeps no stock
   * (restocking is a normal edit afterwards). Audited (`product_restored`, status before / after)
   * with a `ProductUpdated` event (`changed: ['status']`).
   * @throws ZodError, NotFoundError ('Produto não encontrado'), ConflictError ('not_archived').
   */
  async restore(em: EntityManager, actorId: string, id: string, input: ProductRestore, meta: RequestMeta): Promise<AdminProduct> {
    const { status } = productRestoreSchema.parse(input);
    const records: DomainEventRecord[] = [];
    await em.transactional(async (tx) => {
      const product = await tx.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!product) throw new NotFoundError('Produto não encontrado');
      if (product.status !== 'archived') throw new ConflictError('Este produto não está arquivado.', 'not_archived');
      tx.assign(product, { status, archivedAt: null });
      audit(tx, { userId: actorId, action: 'product_restored', details: { productId: id, name: product.name, before: { status: 'archived' }, after: { status } }, meta });
      records.push(this.deps.events.record(tx, { type: PRODUCT_EVENTS.updated, aggregateId: id, payload: { productId: id, changed: ['status'] } }));
    });
    await this.deps.events.publish(em, records);
    return this.deps.catalogue.adminGet(id);
  }

  /**
   * Deletes an uploaded image that no product uses (the dialog's 'remove' before saving, or a
   * cancelled dialog). @throws ConflictError when a product uses it.
   */
  async deleteUpload(em: EntityManager, actorId: string, key: string, meta: RequestMeta): Promise<void> {
    if ((await em.count(Product, { imageKey: key })) + (await em.count(ProductImage, { imageKey: key })) > 0) throw new ConflictError('Esta imagem está em uso por um produto.', 'image_in_use');
    await this.deps.images.remove(key);
    audit(em, { userId: actorId, action: 'product_image_deleted', details: { key }, meta });
    await em.flush();
  }

  private get orderedVariants(): VariantOrderCheck {
    return this.deps.orderedVariants ?? (async () => []);
  }

  /**
   * The product (active or draft), locked for this transaction (orders lock the same rows).
   * @throws NotFoundError; ConflictError ('product_archived') for an archived one.
   */
  private async lock(tx: EntityManager, id: string): Promise<Product> {
    const product = await tx.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!product) throw new NotFoundError('Produto não encontrado');
    if (product.status === 'archived') throw new ConflictError('Produto arquivado: restaure-o antes de alterá-lo.', 'product_archived');
    return product;
  }

  /**
   * Keeps the gallery's first image equal to a changed cover: the first row takes the new key (a
   * product without gallery gets one row, alt text = name); no cover, no gallery.
   */
  private async syncCover(tx: EntityManager, product: Product): Promise<void> {
    const cover = product.imageKey;
    if (!cover) {
      await tx.nativeDelete(ProductImage, { product: product.id });
      return;
    }
    const first = await tx.findOne(ProductImage, { product: product.id, position: 0 });
    if (first) first.imageKey = cover;
    else tx.create(ProductImage, { product, imageKey: cover, alt: product.name.slice(0, 200), position: 0 });
  }

  /** A referenced image must be a product image present in the bucket. @throws ValidationError. */
  private async checkImage(key: string | null, path = 'imageKey'): Promise<void> {
    if (key === null) return;
    if (!PRODUCT_IMAGE_KEY_PATTERN.test(key) || !(await this.deps.images.exists(key))) {
      throw new ValidationError('Imagem não encontrada. Envie a imagem novamente.', [{ path, message: 'Imagem não encontrada' }], 'image_not_found');
    }
  }

  /** Deletes a replaced image unless a product still shows it (as cover or in a gallery). */
  private async removeUnused(em: EntityManager, key: string): Promise<void> {
    const fork = em.fork();
    if ((await fork.count(Product, { imageKey: key })) + (await fork.count(ProductImage, { imageKey: key })) === 0) await this.deps.images.remove(key);
  }
}
