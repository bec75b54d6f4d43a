/**
 * Product art of the seed catalogue: one self-contained SVG file per seeded product,
 * `data/art/${slug}.svg`, and the neutral "no image" placeholder, `data/fallback.svg`.
 *
 * Every document is 800 x 800 user units (px), viewBox `0 0 800 800`, with no external resources,
 * fonts or text; gradient, filter and symbol ids are prefixed `p-${slug}-` so several documents
 * can be inlined in one page without clashing. The art is data, not code: edit or replace the
 * files as images. Reading a missing file rejects with Node's ENOENT error.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Folder of the product SVGs (absolute path). */
export const PRODUCT_ART_DIR = fileURLToPath(new URL('./data/art/', import.meta.url));

/** The placeholder SVG (absolute path). */
export const FALLBACK_ART_FILE = fileURLToPath(new URL('./data/fallback.svg', import.meta.url));

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Absolute path of a product's SVG. Throws on a slug that is not kebab-case ASCII (no paths). */
export function productArtFile(slug: string): string {
  if (!SLUG.test(slug)) throw new Error(`product art: invalid slug ${JSON.stringify(slug)}`);
  return `${PRODUCT_ART_DIR}${slug}.svg`;
}

/** The SVG document (UTF-8 text) of the seeded product `slug`. */
export async function readProductSvg(slug: string): Promise<string> {
  return readFile(productArtFile(slug), 'utf8');
}

/** The "no image" placeholder: light grey square with the outline of a cut diamond (SVG text). */
export async function readFallbackSvg(): Promise<string> {
  return readFile(FALLBACK_ART_FILE, 'utf8');
}
