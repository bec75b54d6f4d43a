/**
 * NUL characters in requests. PostgreSQL's text cannot hold U+0000, so a query, path parameter or
 * JSON body carrying one would only fail in the database (a 5xx); the app refuses it at the door.
 */

/**
 * The path (`query.search`, `body.items.0.name`) of the first string or key holding U+0000 in
 * `value`, or null. Walks objects and arrays (not Buffers or streams), at most `depth`
 * levels deep (deeper content is left to the route's own validation).
 */
export function nulCharacterPath(value: unknown, path = '', depth = 8): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth === 0 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, path ? `${path}.${index}` : String(index), depth - 1);
      if (found !== null) return found;
    }
    return null;
  }
  // Binary data and streams (uploads) are not text; parsed query strings may have their own prototype.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulCharacterPath(item, at, depth - 1);
    if (found !== null) return found;
  }
  return null;
}
