/**
 * `%term%` for a SQL LIKE / ILIKE with the term's own `%`, `_` and `\` escaped (PostgreSQL's
 * default escape character), so a search for "50%" matches the text "50%" only.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
