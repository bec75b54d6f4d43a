/**
 * Object storage strategy (Vendure habit: what may vary is an interface with a default).
 *
 * Buckets hold objects by key (e.g. bucket `product-images`, key `products/x.svg`, admin.md 3).
 * The service serves them at `GET /storage/<bucket>/<key>` whatever the implementation
 * (plugins/storage.ts), so image URLs and the shell's CSP do not depend on where bytes live:
 * - {@link LocalDiskStorage} (default, `STORAGE=local`): files under `STORAGE_ROOT`. One process,
 *   or several sharing that directory (a shared volume).
 * - `S3ObjectStorage` (`STORAGE=s3`, storage/s3-object-storage.ts): an S3-compatible bucket (AWS S3,
 *   MinIO, R2), so any number of service processes share uploads without a shared disk.
 * {@link createObjectStorage} picks one from the configuration.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Bucket of product images (admin.md 3, 7). */
export const PRODUCT_IMAGES_BUCKET = 'product-images';
/** Folder of product images inside the bucket. */
export const PRODUCT_IMAGES_FOLDER = 'products';
/** Key of the image shown when a product has none or its image fails to load. */
export const FALLBACK_IMAGE_KEY = 'fallback.svg';
/** Folder (under the local storage root) where renditions are kept; dot-named, so never served as a bucket. */
export const RENDITIONS_FOLDER = '.renditions';

/** A bucket or key that would leave its bucket (`..`, an absolute path...): refused by every storage. */
export class InvalidObjectKeyError extends Error {
  constructor(bucket: string, key: string) {
    super(`invalid object key: ${bucket}/${key}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export interface ObjectStorage {
  /** Human description for logs and the status page, e.g. `/srv/data/storage` or `s3://bucket/prefix/`. */
  readonly description: string;
  /**
   * A private local directory of this process for files derived from objects that it may make
   * again at will (WebP renditions, storage/image-renditions.ts); never served.
   */
  readonly cacheDir: string;
  /** Writes (or replaces) an object. */
  put(bucket: string, key: string, data: Buffer | string): Promise<void>;
  /** True when the object exists. */
  exists(bucket: string, key: string): Promise<boolean>;
  /** The object's bytes and last change, or null when there is none. @throws InvalidObjectKeyError on a key that leaves the bucket. */
  read(bucket: string, key: string): Promise<{ data: Buffer; modifiedAt: Date } | null>;
  /** Absolute public URL of an object (it need not exist yet). */
  publicUrl(bucket: string, key: string): string;
  /** Moves a finished local file (e.g. a streamed upload) into the bucket as `key`. */
  putFile(bucket: string, key: string, sourcePath: string): Promise<void>;
  /** Deletes an object; true when it existed. @throws InvalidObjectKeyError on a key that leaves the bucket. */
  remove(bucket: string, key: string): Promise<boolean>;
  /** A private scratch directory for uploads in progress (never served). */
  scratchDir(): Promise<string>;
}

/** Default storage: files under `root/<bucket>/<key>`, public at `<publicBaseUrl>/storage/...`. */
export class LocalDiskStorage implements ObjectStorage {
  readonly root: string;
  readonly description: string;
  /** `<root>/.renditions`: dot-named, so the static route never serves it. */
  readonly cacheDir: string;
  private readonly publicBaseUrl: string;

  constructor(root: string, publicBaseUrl: string) {
    this.root = path.resolve(root);
    this.description = this.root;
    this.cacheDir = path.join(this.root, RENDITIONS_FOLDER);
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
    return storageRouteUrl(this.publicBaseUrl, bucket, key);
  }

  /** Maps bucket/key to a path inside the root. @throws InvalidObjectKeyError on path traversal. */
  private resolve(bucket: string, key: string): string {
    const file = path.resolve(this.root, bucket, key);
    if (!file.startsWith(this.root + path.sep)) throw new InvalidObjectKeyError(bucket, key);
    return file;
  }
}

/** `<publicBaseUrl>/storage/<bucket>/<key>`, each segment URL-encoded: where the service serves an object. */
export function storageRouteUrl(publicBaseUrl: string, bucket: string, key: string): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  return `${publicBaseUrl.replace(/\/$/, '')}/storage/${encodeURIComponent(bucket)}/${encoded}`;
}
