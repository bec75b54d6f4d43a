/**
 * Object storage strategy (Vendure habit: what may vary is an interface with a default).
 *
 * Buckets hold objects by key (e.g. bucket `product-images`, key `products/x.svg`, admin.md 3).
 * `LocalDiskStorage` keeps them under a storage root on disk and the service serves them at
 * `GET /storage/<bucket>/<key>`; an S3-like implementation would only change `publicUrl`/`put`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Bucket of product images (admin.md 3, 7). */
export const PRODUCT_IMAGES_BUCKET = 'product-images';
/** Folder of product images inside the bucket. */
export const PRODUCT_IMAGES_FOLDER = 'products';
/** Key of the image shown when a product has none or its image fails to load. */
export const FALLBACK_IMAGE_KEY = 'fallback.svg';

export interface ObjectStorage {
  /** Writes (or replaces) an object. */
  put(bucket: string, key: string, data: Buffer | string): Promise<void>;
  /** True when the object exists. */
  exists(bucket: string, key: string): Promise<boolean>;
  /** The object's bytes and last change, or null when there is none. @throws Error on an invalid key. */
  read(bucket: string, key: string): Promise<{ data: Buffer; modifiedAt: Date } | null>;
  /** Absolute public URL of an object (it need not exist yet). */
  publicUrl(bucket: string, key: string): string;
}

/** Default storage: files under `root/<bucket>/<key>`, public at `<publicBaseUrl>/storage/...`. */
export class LocalDiskStorage implements ObjectStorage {
  readonly root: string;
  private readonly publicBaseUrl: string;

  constructor(root: string, publicBaseUrl: string) {
    this.root = path.resolve(root);
    this.publicBaseUrl = publicBaseUrl.replace(/\/$/, '');
  }

  async put(bucket: string, key: string, data: Buffer | string): Promise<void> {
    const file = this.resolve(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    return fs.access(this.resolve(bucket, key)).then(
      () => true,
      () => false,
    );
  }

  async read(bucket: string, key: string): Promise<{ data: Buffer; modifiedAt: Date } | null> {
    const file = this.resolve(bucket, key);
    try {
      const [data, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
      return { data, modifiedAt: stat.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  publicUrl(bucket: string, key: string): string {
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicBaseUrl}/storage/${encodeURIComponent(bucket)}/${encoded}`;
  }

  /** Maps bucket/key to a path inside the root. @throws Error on path traversal. */
  private resolve(bucket: string, key: string): string {
    const file = path.resolve(this.root, bucket, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`invalid object key: ${bucket}/${key}`);
    return file;
  }
}
