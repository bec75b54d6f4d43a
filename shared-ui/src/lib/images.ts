/** Product image URLs: the stored image, or the service's fallback image (storefront.md 2). */
import { FALLBACK_IMAGE_PATH } from '@prata/contracts';
import { apiUrl } from './runtime-config.ts';

/** Absolute URL of the fallback product image. */
export function fallbackImageUrl(): string {
  return apiUrl(FALLBACK_IMAGE_PATH);
}

/** The product's image URL, or the fallback when it has none. */
export function productImageUrl(imageUrl: string | null | undefined): string {
  return imageUrl ?? fallbackImageUrl();
}
