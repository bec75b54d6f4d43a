/**
 * Shoppers' review photos, through the store's product-image pipeline (catalogue's
 * `ProductImages`): streamed to disk, sniffed by their first bytes with `file-type` (JPEG, PNG, GIF,
 * WebP only; anything else 415), at most 10 MB (413), stored in the product-images bucket under the
 * shopper's own folder (`reviews/<hash of the user>/...`, so a review can name only its author's
 * uploads), then rewritten without metadata (EXIF and its GPS position; `ImageRenditions.stripOriginal`)
 * since the original is public; the pages show its WebP renditions (`/images/product-images/<key>`).
 */
import { PRODUCT_IMAGES_BUCKET } from '../../storage/object-storage.ts';
import type { ImageRenditions } from '../../storage/image-renditions.ts';
import { InvalidImageTypeError, type IncomingFile, type ProductImages } from '../catalogue/index.ts';
import { photoFolderOf } from './reviews.service.ts';

export class ReviewPhotos {
  private readonly images: ProductImages;
  private readonly renditions: ImageRenditions;

  constructor(images: ProductImages, renditions: ImageRenditions) {
    this.images = images;
    this.renditions = renditions;
  }

  /**
   * Stores `upload` as a photo of `userId`, metadata stripped; returns its key and URL.
   * @throws InvalidImageTypeError (415) for content that is not an image (or does not decode),
   * ImageTooLargeError (413).
   */
  async receive(upload: IncomingFile, userId: string, now: Date): Promise<{ key: string; url: string }> {
    const key = await this.images.receive(upload, now, photoFolderOf(userId));
    try {
      await this.renditions.stripOriginal(PRODUCT_IMAGES_BUCKET, key);
    } catch {
      // Right magic numbers, broken image: nothing of it is kept.
      await this.images.remove(key);
      throw new InvalidImageTypeError();
    }
    return { key, url: this.images.url(key) };
  }

  /** Public URL of a stored photo. */
  url(key: string): string {
    return this.images.url(key);
  }

  /** Deletes a stored photo and its renditions (an erased account's, review-personal-data.ts). */
  remove(key: string): Promise<void> {
    return this.images.remove(key);
  }

  /** Whether the bucket holds the photo. */
  exists(key: string): Promise<boolean> {
    return this.images.exists(key);
  }
}
