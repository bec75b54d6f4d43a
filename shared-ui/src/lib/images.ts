/**
 * Product image URLs: the stored image, or the service's fallback image (storefront.md 2), and
 * the `srcset` of WebP renditions for raster images.
 */
import { FALLBACK_IMAGE_PATH, imageSrcSet } from '@prata/contracts/catalogue';
import { apiUrl } from '@prata/shared-ui/state';

/** Absolute URL of the fallback product image. */
export function fallbackImageUrl(): string {
  return apiUrl(FALLBACK_IMAGE_PATH);
}

/** The product's image URL, or the fallback when it has none. */
export function productImageUrl(imageUrl: string | null | undefined): string {
  return imageUrl ?? fallbackImageUrl();
}

/**
 * The `srcset` of a product image: WebP renditions at several widths for a stored raster image
 * (see the contracts' `imageSrcSet`); undefined for vector images (SVG is sharp at every width)
 * and for products without an image (the fallback is SVG).
 */
export function productImageSrcSet(imageUrl: string | null | undefined): string | undefined {
  return imageUrl ? (imageSrcSet(imageUrl) ?? undefined) : undefined;
}
