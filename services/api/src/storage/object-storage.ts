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
  /** Moves a finished local file (e.g. a streamed upload) into the bucket as `key`. */
  putFile(bucket: string, key: string, sourcePath: string): Promise<void>;
  /** Deletes an object; true when it existed. @throws Error on an invalid key. */
  remove(bucket: string, key: string): Promise<boolean>;
  /** A private scratch directory for uploads in progress (never served). */
  scratchDir(): Promise<string>;
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

  async putFile(bucket: string, key: string, sourcePath: string): Promise<void> {
    const file = this.resolve(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.rename(sourcePath, file);
  }

  async remove(bucket: string, key: string): Promise<boolean> {
    return fs.rm(this.resolve(bucket, key)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
  }

  /** `<root>/.uploads`: dot-named, so the static route never serves it; same disk as the buckets, so moving in is a rename. */
  async scratchDir(): Promise<string> {
    const dir = path.join(this.root, '.uploads');
    await fs.mkdir(dir, { recursive: true });
    return dir;
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
