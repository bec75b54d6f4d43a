/**
 * Product images (and every other bucket of storage/object-storage.ts) in an S3-compatible bucket:
 * AWS S3, MinIO, R2 (any number of service processes share uploads
 * without a shared disk).
 *
 * Each logical bucket is a key prefix in one S3 bucket: object `product-images/products/x.png`
 * lives at `<prefix>product-images/products/x.png`. Objects are written with their Content-Type
 * (from the key's extension). The service still serves them at `GET /storage/<bucket>/<key>`
 * (plugins/storage.ts reads them through {@link S3ObjectStorage.read}), so the bucket itself may
 * stay private and image URLs do not change with the storage.
 *
 * Uploads stream to a scratch file on local disk first (the size limit and type sniffing work on
 * the stream, catalogue/product-images.ts), then go to the bucket in one PutObject with the file's
 * length. Renditions are kept in a local cache directory of each process.
 *
 * Settings (config.ts): `STORAGE=s3`, `STORAGE_S3_BUCKET` (required), `STORAGE_S3_PREFIX` (key
 * prefix, default none), and the client settings of storage/s3-client.ts (`STORAGE_S3_ENDPOINT`,
 * `STORAGE_S3_REGION`, `STORAGE_S3_FORCE_PATH_STYLE`, AWS credentials).
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import mime from 'mime-types';
import { InvalidObjectKeyError, storageRouteUrl, type ObjectStorage } from './object-storage.ts';
import { isS3NotFound } from './s3-client.ts';

export interface S3ObjectStorageOptions {
  client: S3Client;
  /** The S3 bucket holding every logical bucket. */
  bucket: string;
  /** Key prefix inside the S3 bucket, e.g. `store/` (default none). */
  prefix?: string;
  /** The service's public origin (`PUBLIC_API_URL`): objects are served at `<it>/storage/...`. */
  publicBaseUrl: string;
  /** Local directory of this process for uploads in progress and rendition files. */
  localDir: string;
}

/** Logical bucket and key: no empty, `.` or `..` segment, no leading slash, no backslash. */
const SEGMENT = /^(?!\.{1,2}$)[^/\\]+$/;

export class S3ObjectStorage implements ObjectStorage {
  readonly description: string;
  readonly cacheDir: string;
  private readonly options: Required<S3ObjectStorageOptions>;

  constructor(options: S3ObjectStorageOptions) {
    this.options = { prefix: '', ...options, localDir: path.resolve(options.localDir) };
    this.description = `s3://${options.bucket}/${this.options.prefix}`;
    this.cacheDir = path.join(this.options.localDir, 'renditions');
  }

  /** The S3 key of `bucket/key`. @throws InvalidObjectKeyError on an invalid bucket or key (e.g. `..`). */
  private objectKey(bucket: string, key: string): string {
    if (!SEGMENT.test(bucket) || !key.split('/').every((segment) => SEGMENT.test(segment))) throw new InvalidObjectKeyError(bucket, key);
    return `${this.options.prefix}${bucket}/${key}`;
  }

  async put(bucket: string, key: string, data: Buffer | string): Promise<void> {
    await this.options.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(bucket, key), Body: data, ContentType: contentType(key) }),
    );
  }

  async exists(bucket: string, key: string): Promise<boolean> {
    try {
      await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(bucket, key) }));
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw error;
    }
  }

  async read(bucket: string, key: string): Promise<{ data: Buffer; modifiedAt: Date } | null> {
    try {
      const object = await this.options.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(bucket, key) }));
      const data = Buffer.from(await object.Body!.transformToByteArray());
      return { data, modifiedAt: object.LastModified ?? new Date() };
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }

  /** Uploads the file with its length, then deletes it (the scratch copy). */
  async putFile(bucket: string, key: string, sourcePath: string): Promise<void> {
    const { size } = await fs.stat(sourcePath);
    await this.options.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(bucket, key),
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType(key),
      }),
    );
    await fs.rm(sourcePath, { force: true });
  }

  async remove(bucket: string, key: string): Promise<boolean> {
    if (!(await this.exists(bucket, key))) return false;
    await this.options.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(bucket, key) }));
    return true;
  }

  async scratchDir(): Promise<string> {
    const dir = path.join(this.options.localDir, 'uploads');
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  publicUrl(bucket: string, key: string): string {
    return storageRouteUrl(this.options.publicBaseUrl, bucket, key);
  }
}

/** Content-Type stored with an object, from its key's extension. */
function contentType(key: string): string {
  return mime.contentType(path.basename(key)) || 'application/octet-stream';
}
