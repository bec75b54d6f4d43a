/**
 * Readable URL slugs (product page `/produtos/<slug>`).
 *
 * `slugOf('Anel Solitário Zircônia')` is `anel-solitario-zirconia`: lower case, accents
 * transliterated by `@sindresorhus/slugify`, words joined by '-', at most {@link SLUG_MAX_LENGTH}
 * characters. A name with nothing to keep (e.g. only symbols) gives `produto`.
 */
import slugify from '@sindresorhus/slugify';

/** Upper bound of a slug, in characters, before a collision suffix (`-2`, `-3`, ...). */
export const SLUG_MAX_LENGTH = 200;

/** The base slug of a name (no collision suffix). */
export function slugOf(name: string): string {
  const slug = slugify(name, { lowercase: true, decamelize: false, customReplacements: [['&', ' e ']] }).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  return slug || 'produto';
}

/**
 * The first free slug for `name` given the slugs already taken: the base slug, else `<base>-2`,
 * `<base>-3`, ... (a collision never fails).
 */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const base = slugOf(name);
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
