/**
 * Image renditions: a
 * stored raster image (JPEG, PNG, WebP, AVIF) re-encoded as WebP at one of
 * `IMAGE_RENDITION_WIDTHS` px, never wider than the original, EXIF orientation applied, metadata
 * stripped. Encoding is done by `sharp` (libvips).
 *
 * Each rendition is made once and kept on disk beside the storage (`<cacheDir>/<bucket>/<key>@<w>.webp`),
 * made again when the original changes (newer mtime); concurrent requests for the same rendition
 * share one encoding.
 *
 * The Open Graph rendition ({@link ImageRenditions.openGraph}): any stored image, SVG
 * included (rasterised at the density that gives the width), as a JPEG `OPEN_GRAPH_IMAGE_WIDTH` px
 * wide on white (always that width, so the page can declare it), kept as `<key>@og.jpg`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type SharpOptions } from 'sharp';

/**
 * Largest image decoded, in pixels (width x height): 40 MP, well above a phone's 12-50 MP photo
 * resized for the web and far below sharp's default of 268 MP, so an upload made to be huge
 * once decoded (a decompression bomb) is refused before libvips allocates it (security review
 * 2026-11-29 #18). SVGs are rendered at most at this size as well.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** sharp on `data` with the input limit (and `options`, e.g. an SVG's density). */
const decode = (data: Buffer, options: SharpOptions = {}) => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, ...options });
import { IMAGE_RENDITION_WIDTHS, OPEN_GRAPH_IMAGE_WIDTH, isRasterImage } from '@prata/contracts';
import type { ObjectStorage } from './object-storage.ts';

/** WebP quality (0-100) of the renditions: visually lossless for product photos at these sizes. */
export const RENDITION_WEBP_QUALITY = 80;

/** JPEG quality (0-100) of the Open Graph renditions. */
export const OPEN_GRAPH_JPEG_QUALITY = 85;

export interface Rendition {
  /** The encoded bytes (WebP; JPEG for the Open Graph rendition). */
  data: Buffer;
  /** When the rendition was made (for `last-modified`). */
  modifiedAt: Date;
}

export class ImageRenditions {
  private readonly inFlight = new Map<string, Promise<Rendition | null>>();
  private readonly storage: ObjectStorage;
  private readonly cacheDir: string;

  /** `cacheDir`: where renditions are kept (made if missing). */
  constructor(storage: ObjectStorage, cacheDir: string) {
    this.storage = storage;
    this.cacheDir = path.resolve(cacheDir);
  }

  /**
   * The WebP rendition of `bucket/key` at `width` px (a width of `IMAGE_RENDITION_WIDTHS`), or null
   * when the object does not exist or is not a raster image.
   * @throws Error when the stored file is not a decodable image (the caller answers 404/500).
   */
  async render(bucket: string, key: string, width: number): Promise<Rendition | null> {
    if (!isRasterImage(key)) return null;
    return this.once(bucket, key, `${key}@${width}.webp`, (data) =>
      decode(data).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: RENDITION_WEBP_QUALITY }).toBuffer(),
    );
  }

  /**
   * The Open Graph JPEG of `bucket/key` (raster or SVG; see the module doc), or null when the
   * object does not exist. @throws Error when the stored file is not a decodable image.
   */
  async openGraph(bucket: string, key: string): Promise<Rendition | null> {
    return this.once(bucket, key, `${key}@og.jpg`, async (data) => {
      const { width = OPEN_GRAPH_IMAGE_WIDTH, format } = await decode(data).metadata();
      const vector = format === 'svg';
      // An SVG is drawn at the density that makes it the target width (72 dpi is its 1:1 size).
      const image = vector ? decode(data, { density: Math.min(2400, (72 * OPEN_GRAPH_IMAGE_WIDTH) / width) }) : decode(data).rotate();
      return image
        .resize({ width: OPEN_GRAPH_IMAGE_WIDTH })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: OPEN_GRAPH_JPEG_QUALITY, mozjpeg: true })
        .toBuffer();
    });
  }

  /**
   * Rewrites the stored raster image `bucket/key` without its metadata (EXIF, GPS position, XMP,
   * ICC profile), its orientation applied, in its own format (JPEG, PNG, GIF or WebP): for uploads
   * whose original is public as it is (shoppers' review photos), where the renditions' stripping
   * is not enough. Does nothing for a missing object.
   * @throws Error when the stored file is not a decodable image.
   */
  async stripOriginal(bucket: string, key: string): Promise<void> {
    const original = await this.storage.read(bucket, key);
    if (!original) return;
    const image = decode(original.data, { animated: true }).rotate();
    const { format } = await decode(original.data).metadata();
    const encoded =
      format === 'png' ? image.png() : format === 'gif' ? image.gif() : format === 'webp' ? image.webp({ quality: RENDITION_WEBP_QUALITY }) : image.jpeg({ quality: OPEN_GRAPH_JPEG_QUALITY, mozjpeg: true });
    await this.storage.put(bucket, key, await encoded.toBuffer());
    await this.purge(bucket, key);
  }

  /** One encoding of `bucket/key` kept as `name` in the cache, shared by concurrent callers. */
  private once(bucket: string, key: string, name: string, encode: (data: Buffer) => Promise<Buffer>): Promise<Rendition | null> {
    const cacheFile = path.join(this.cacheDir, bucket, name);
    if (!path.resolve(cacheFile).startsWith(this.cacheDir + path.sep)) return Promise.resolve(null);
    const pending = this.inFlight.get(cacheFile);
    if (pending) return pending;
    const work = this.renderOnce(bucket, key, cacheFile, encode).finally(() => this.inFlight.delete(cacheFile));
    this.inFlight.set(cacheFile, work);
    return work;
  }

  /** Deletes every kept rendition of `bucket/key` (the original was replaced or deleted). */
  async purge(bucket: string, key: string): Promise<void> {
    await Promise.all(
      [...IMAGE_RENDITION_WIDTHS.map((width) => `${key}@${width}.webp`), `${key}@og.jpg`].map(async (name) => {
        const cacheFile = path.join(this.cacheDir, bucket, name);
        if (path.resolve(cacheFile).startsWith(this.cacheDir + path.sep)) await fs.rm(cacheFile, { force: true });
      }),
    );
  }

  private async renderOnce(bucket: string, key: string, cacheFile: string, encode: (data: Buffer) => Promise<Buffer>): Promise<Rendition | null> {
    const original = await this.storage.read(bucket, key);
    if (!original) return null;
    const cached = await fs.stat(cacheFile).catch(() => null);
    if (cached && cached.mtimeMs >= original.modifiedAt.getTime()) return { data: await fs.readFile(cacheFile), modifiedAt: cached.mtime };

    const data = await encode(original.data);
    await fs.mkdir(path.dirname(cacheFile), { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, cacheFile);
    return { data, modifiedAt: new Date() };
  }
}
