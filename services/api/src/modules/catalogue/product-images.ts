/**
 * Product image files (admin.md 3, 5, 7, 8): uploads streamed to disk and checked by
 * their content, and removal of an image with its renditions.
 *
 * - Type: the first bytes are sniffed with `file-type` (magic numbers); only JPEG, PNG, GIF and
 *   WebP pass, whatever the declared type or the file name say.
 * - Size: at most `PRODUCT_IMAGE_MAX_BYTES` (10 MB). @fastify/multipart stops reading at the limit
 *   (its `limits.fileSize`), so a larger file is refused while it streams and never held whole in
 *   memory; the bytes already written go to a scratch file that is then deleted.
 * - Key: `products/{timestamp}-{random}.{ext}` in the `product-images` bucket, the extension from
 *   the sniffed type (admin.md 7 used the original extension; a sniffed one cannot lie).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { PRODUCT_IMAGE_MESSAGES, PRODUCT_IMAGE_TYPES, type ProductImageMime } from '@prata/contracts';
import { DomainError, ValidationError } from '../../errors.ts';
import type { ImageRenditions } from '../../storage/image-renditions.ts';
import { PRODUCT_IMAGES_BUCKET, PRODUCT_IMAGES_FOLDER, type ObjectStorage } from '../../storage/object-storage.ts';

/** Bytes `file-type` needs to recognise every supported format. */
const SNIFF_BYTES = 4100;

/** 415: the content is not a JPEG, PNG, GIF or WebP image. */
export class InvalidImageTypeError extends DomainError {
  constructor() {
    super(415, 'invalid_file_type', PRODUCT_IMAGE_MESSAGES.invalidType.description);
  }
}

/** 413: the file is larger than 10 MB. */
export class ImageTooLargeError extends DomainError {
  constructor() {
    super(413, 'file_too_large', PRODUCT_IMAGE_MESSAGES.tooLarge.description);
  }
}

/** 400: the multipart body itself is broken (cut short, malformed part headers). */
export class MalformedUploadError extends ValidationError {
  constructor() {
    super('Envio de arquivo inválido.', [{ path: 'file', message: 'Envie um arquivo de imagem' }], 'invalid_multipart');
  }
}

/**
 * Maps an error met while reading an upload: domain errors stay; errors of the system (disk,
 * permissions: they carry `syscall`) stay (500); anything else comes from parsing the client's
 * multipart body (busboy: "Unexpected end of form", "Malformed part header") and is the client's
 * fault: {@link MalformedUploadError}.
 */
export function uploadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if (error && typeof error === 'object' && 'syscall' in error) return error;
  return new MalformedUploadError();
}

/** The part of an upload this module reads: @fastify/multipart's file stream (`truncated` when cut at the limit). */
export interface IncomingFile {
  file: NodeJS.ReadableStream & { truncated?: boolean };
}

/** The supported image type of `head` (the first bytes of a file), or null. */
export async function sniffImageType(head: Uint8Array): Promise<ProductImageMime | null> {
  const type = await fileTypeFromBuffer(head);
  return type && type.mime in PRODUCT_IMAGE_TYPES ? (type.mime as ProductImageMime) : null;
}

/** A new object key for an image of type `mime`: `{folder}/{ms timestamp}-{12 hex}.{ext}` (folder default `products`). */
export function newImageKey(mime: ProductImageMime, now: Date, folder: string = PRODUCT_IMAGES_FOLDER): string {
  return `${folder}/${now.getTime()}-${randomBytes(6).toString('hex')}.${PRODUCT_IMAGE_TYPES[mime]}`;
}

export class ProductImages {
  private readonly storage: ObjectStorage;
  private readonly renditions: ImageRenditions;

  constructor(storage: ObjectStorage, renditions: ImageRenditions) {
    this.storage = storage;
    this.renditions = renditions;
  }

  /**
   * Streams an upload into the bucket, under `folder` (default `products`; shoppers' review photos
   * go under `reviews/...`). Returns the new key.
   * @throws InvalidImageTypeError (415), ImageTooLargeError (413); the partial file is deleted.
   */
  async receive(upload: IncomingFile, now: Date, folder: string = PRODUCT_IMAGES_FOLDER): Promise<string> {
    const scratch = path.join(await this.storage.scratchDir(), randomUUID());
    let head = Buffer.alloc(0);
    let mime: ProductImageMime | null = null;
    const check = async () => {
      mime = await sniffImageType(head);
      if (!mime) throw new InvalidImageTypeError();
    };
    const sniffer = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (mime || head.length >= SNIFF_BYTES) return callback(null, chunk);
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) return callback(null, chunk);
        check().then(() => callback(null, chunk), callback);
      },
      flush(callback) {
        if (mime) return callback();
        check().then(() => callback(), callback);
      },
    });
    try {
      await pipeline(upload.file, sniffer, createWriteStream(scratch));
      if (upload.file.truncated) throw new ImageTooLargeError();
      const key = newImageKey(mime!, now, folder);
      await this.storage.putFile(PRODUCT_IMAGES_BUCKET, key, scratch);
      return key;
    } catch (error) {
      await fs.rm(scratch, { force: true });
      // The multipart stream reports its size limit as its own error (FST_REQ_FILE_TOO_LARGE).
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ImageTooLargeError();
      throw uploadError(error);
    }
  }

  /** Public URL of a stored image. */
  url(key: string): string {
    return this.storage.publicUrl(PRODUCT_IMAGES_BUCKET, key);
  }

  /** True when the bucket holds `key`. */
  exists(key: string): Promise<boolean> {
    return this.storage.exists(PRODUCT_IMAGES_BUCKET, key);
  }

  /** Deletes an image and every WebP rendition made of it. */
  async remove(key: string): Promise<void> {
    await this.storage.remove(PRODUCT_IMAGES_BUCKET, key);
    await this.renditions.purge(PRODUCT_IMAGES_BUCKET, key);
  }
}
