/**
 * Product management by admins (admin.md 2, 3, 5, 7; issue 12): create, update and delete
 * products and their images.
 *
 * Each change runs in one transaction that also writes the audit row (who, what, and before /
 * after values of the changed fields, prices in cents) and the domain event (`ProductCreated`,
 * `ProductUpdated`, `ProductDeleted`, payload with `productId`) to the outbox; subscribers hear
 * of it after commit. Image files are deleted only after the commit (a rolled-back change keeps
 * its picture).
 *
 * Deleting a product that order lines reference archives it instead: the row stays for the order
 * history, hidden from the catalogue, with no stock (so no cart can still buy it), not featured,
 * its active reservations released and its picture deleted.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  PRODUCT_IMAGE_KEY_PATTERN,
  productInputSchema,
  type Product as ProductDto,
  type ProductDeletion,
  type ProductInput,
  PRODUCT_EVENTS,
} from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { ProductReservation } from './reservation.entity.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { ProductImages } from './product-images.ts';
import { Product } from './product.entity.ts';

/** The editable fields, as compared for the audit's before / after. */
const FIELDS = ['name', 'category', 'priceCents', 'description', 'imageKey', 'isNew', 'isBestseller', 'isFeatured', 'stock'] as const;
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

/**
 * Whether order lines reference a product (such a product is archived instead of deleted). The
 * orders module answers it (modules/orders `productIsOrdered`); the app hands it to the catalogue,
 * which knows nothing of orders.
 */
export type ProductOrderCheck = (em: EntityManager, productId: string) => Promise<boolean>;

export interface ProductAdminDeps {
  catalogue: CatalogueService;
  isOrdered: ProductOrderCheck;
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
   * Creates a product. @throws ZodError (invalid input), ValidationError (unknown image).
   */
  async create(em: EntityManager, actorId: string, input: ProductInput, meta: RequestMeta): Promise<ProductDto> {
    const data = productInputSchema.parse(input);
    await this.checkImage(data.imageKey);
    const records: DomainEventRecord[] = [];
    const product = await em.transactional(async (tx) => {
      const created = tx.create(Product, data);
      audit(tx, { userId: actorId, action: 'product_created', details: { productId: created.id, name: created.name, after: snapshot(created) }, meta });
      records.push(this.deps.events.record(tx, { type: PRODUCT_EVENTS.created, aggregateId: created.id, payload: { productId: created.id, name: created.name } }));
      return created;
    });
    await this.deps.events.publish(em, records);
    return this.deps.catalogue.get(product.id);
  }

  /**
   * Replaces a product's fields. A new or removed image deletes the old file and its renditions.
   * @throws ZodError, NotFoundError ('Produto não encontrado'), ValidationError (unknown image).
   */
  async update(em: EntityManager, actorId: string, id: string, input: ProductInput, meta: RequestMeta): Promise<ProductDto> {
    const data = productInputSchema.parse(input);
    const records: DomainEventRecord[] = [];
    const oldImage = await em.transactional(async (tx) => {
      const product = await this.lock(tx, id);
      if (data.imageKey !== product.imageKey) await this.checkImage(data.imageKey);
      const before = snapshot(product);
      tx.assign(product, data);
      const changes = changedFields(before, snapshot(product));
      if (Object.keys(changes.after).length === 0) return null;
      audit(tx, { userId: actorId, action: 'product_updated', details: { productId: id, name: product.name, ...changes }, meta });
      records.push(
        this.deps.events.record(tx, { type: PRODUCT_EVENTS.updated, aggregateId: id, payload: { productId: id, changed: Object.keys(changes.after) } }),
      );
      return before.imageKey !== product.imageKey ? (before.imageKey as string | null) : null;
    });
    await this.deps.events.publish(em, records);
    if (oldImage) await this.removeUnused(em, oldImage);
    return this.deps.catalogue.get(id);
  }

  /**
   * Deletes a product, or archives it when order lines reference it. Its image is deleted.
   * @throws NotFoundError ('Produto não encontrado').
   */
  async delete(em: EntityManager, actorId: string, id: string, meta: RequestMeta): Promise<ProductDeletion> {
    const records: DomainEventRecord[] = [];
    const { outcome, image } = await em.transactional(async (tx) => {
      const product = await this.lock(tx, id);
      const before = snapshot(product);
      const ordered = await this.deps.isOrdered(tx, id);
      if (ordered) {
        const now = this.deps.clock.now();
        tx.assign(product, { archivedAt: now, stock: 0, isFeatured: false, imageKey: null });
        await tx.nativeUpdate(ProductReservation, { product: id, isActive: true }, { isActive: false, releasedAt: now });
      } else {
        tx.remove(product);
      }
      audit(tx, { userId: actorId, action: ordered ? 'product_archived' : 'product_deleted', details: { productId: id, name: before.name, before }, meta });
      records.push(this.deps.events.record(tx, { type: PRODUCT_EVENTS.deleted, aggregateId: id, payload: { productId: id, archived: ordered } }));
      return { outcome: ordered ? ('archived' as const) : ('deleted' as const), image: before.imageKey as string | null };
    });
    await this.deps.events.publish(em, records);
    if (image) await this.removeUnused(em, image);
    return {
      outcome,
      message: outcome === 'archived' ? 'Produto arquivado: ele tem pedidos e continua no histórico, mas saiu do catálogo.' : 'Produto removido',
    };
  }

  /**
   * Deletes an uploaded image that no product uses (the dialog's 'remove' before saving, or a
   * cancelled dialog). @throws ConflictError when a product uses it.
   */
  async deleteUpload(em: EntityManager, actorId: string, key: string, meta: RequestMeta): Promise<void> {
    if ((await em.count(Product, { imageKey: key })) > 0) throw new ConflictError('Esta imagem está em uso por um produto.', 'image_in_use');
    await this.deps.images.remove(key);
    audit(em, { userId: actorId, action: 'product_image_deleted', details: { key }, meta });
    await em.flush();
  }

  /** The product, locked for this transaction (orders lock the same rows). @throws NotFoundError. */
  private async lock(tx: EntityManager, id: string): Promise<Product> {
    const product = await tx.findOne(Product, { id, archivedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!product) throw new NotFoundError('Produto não encontrado');
    return product;
  }

  /** A referenced image must be a product image present in the bucket. @throws ValidationError. */
  private async checkImage(key: string | null): Promise<void> {
    if (key === null) return;
    if (!PRODUCT_IMAGE_KEY_PATTERN.test(key) || !(await this.deps.images.exists(key))) {
      throw new ValidationError('Imagem não encontrada. Envie a imagem novamente.', [{ path: 'imageKey', message: 'Imagem não encontrada' }], 'image_not_found');
    }
  }

  /** Deletes a replaced image unless another product still shows it. */
  private async removeUnused(em: EntityManager, key: string): Promise<void> {
    if ((await em.fork().count(Product, { imageKey: key })) === 0) await this.deps.images.remove(key);
  }
}
