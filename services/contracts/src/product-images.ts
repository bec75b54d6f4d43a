/**
 * Product images: a product's gallery (as the API returns it and as the admin sets it), the
 * fallback image, and the stored images' renditions (responsive WebP widths and the Open Graph
 * JPEG) with the URLs that name them.
 */
import { z } from 'zod';

/** At most this many images in a product's gallery. */
export const PRODUCT_GALLERY_MAX = 8;

/** One image of a product's gallery as the API returns it: absolute `url` and its alt text. */
export const productGalleryImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
});
export type ProductGalleryImage = z.infer<typeof productGalleryImageSchema>;

/**
 * Body of `PUT /api/admin/products/:id/images`: the whole gallery in order (position =
 * index; the first is the cover), each an uploaded image key with its required alt text; at most
 * {@link PRODUCT_GALLERY_MAX} images, no key twice.
 */
export const productGalleryInputSchema = z.object({
  images: z
    .array(
      z.object({
        key: z.string().min(1).max(300),
        alt: z.string().trim().min(1, 'Descreva a imagem (texto alternativo)').max(200, 'Texto alternativo muito longo'),
      }),
    )
    .max(PRODUCT_GALLERY_MAX, `No máximo ${PRODUCT_GALLERY_MAX} imagens por produto`)
    .refine((images) => new Set(images.map((image) => image.key)).size === images.length, 'A mesma imagem aparece duas vezes'),
});
export type ProductGalleryInput = z.input<typeof productGalleryInputSchema>;

/** Path (on the API origin) of the image shown when a product has none or it fails to load. */
export const FALLBACK_IMAGE_PATH = '/storage/product-images/fallback.svg';

/**
 * Responsive product images, in a modern format at several widths: the service renders a stored
 * raster image (JPEG, PNG, WebP, AVIF) as WebP at these widths, in px, at
 * `GET /images/<bucket>/<key>?w=<width>` (never wider than the original). Vector images (SVG)
 * are sharp at every width and are served as they are.
 */
export const IMAGE_RENDITION_WIDTHS = [320, 480, 640, 960, 1280] as const;
/** Path prefix of the renditions (the originals are under `/storage/`). */
export const IMAGE_RENDITION_PREFIX = '/images/';
/** Extensions of the stored images the service can render at other widths. */
export const RASTER_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/** Query of a rendition: `w` must be one of `IMAGE_RENDITION_WIDTHS`. */
export const imageRenditionQuerySchema = z.object({
  w: z.coerce
    .number({ error: 'Largura de imagem inválida' })
    .int('Largura de imagem inválida')
    .refine((width) => (IMAGE_RENDITION_WIDTHS as readonly number[]).includes(width), 'Largura de imagem inválida'),
});

/**
 * The Open Graph image of a product: every stored product image, raster or vector
 * (SVG, which link previews ignore), rendered as a JPEG {@link OPEN_GRAPH_IMAGE_WIDTH} px wide at
 * `GET /images/og/<bucket>/<key>`.
 */
export const OPEN_GRAPH_IMAGE_WIDTH = 1200;
/** Path prefix of the Open Graph renditions. */
export const OPEN_GRAPH_IMAGE_PREFIX = '/images/og/';

/**
 * The Open Graph rendition of a stored image (`https://api/images/og/product-images/products/x.svg`),
 * or null when the image is not served from `/storage/`.
 */
export function openGraphImageUrl(url: string): string | null {
  const marker = url.indexOf('/storage/');
  if (marker < 0) return null;
  return `${url.slice(0, marker)}${OPEN_GRAPH_IMAGE_PREFIX}${url.slice(marker + '/storage/'.length).split(/[?#]/)[0]}`;
}

/** True when the stored image at `url` is raster (it has renditions); false for SVG or unknown. */
export function isRasterImage(url: string): boolean {
  const pathname = url.split(/[?#]/)[0]!.toLowerCase();
  return RASTER_IMAGE_EXTENSIONS.some((extension) => pathname.endsWith(extension));
}

/**
 * The `srcset` of a stored image: its WebP renditions at every width
 * (`https://api/images/product-images/products/x.jpg?w=320 320w, …`), or null when the image is
 * not raster or not served from `/storage/` (it is then used as it is).
 */
export function imageSrcSet(url: string): string | null {
  if (!imageRenditionUrl(url, IMAGE_RENDITION_WIDTHS[0])) return null;
  return IMAGE_RENDITION_WIDTHS.map((width) => `${imageRenditionUrl(url, width)} ${width}w`).join(', ');
}

/**
 * The WebP rendition of a stored raster image at `width` px
 * (`https://api/images/product-images/products/x.jpg?w=1280`), or null when the image is not
 * raster or not served from `/storage/` (the product page's Open Graph image).
 */
export function imageRenditionUrl(url: string, width: (typeof IMAGE_RENDITION_WIDTHS)[number]): string | null {
  const marker = url.indexOf('/storage/');
  if (marker < 0 || !isRasterImage(url)) return null;
  return `${url.slice(0, marker)}${IMAGE_RENDITION_PREFIX}${url.slice(marker + '/storage/'.length)}?w=${width}`;
}
