/** Header search suggestions and target path (storefront.md 2 "Search bar", 9). */
import { describe, expect, it } from 'vitest';
import { SEARCH_CATEGORIES, searchPath, searchSuggestions } from './search-suggestions.ts';

describe('searchSuggestions', () => {
  it('matches a substring anywhere, case-insensitively', () => {
    expect(searchSuggestions('an')).toEqual(['Anéis', 'Alianças']);
    expect(searchSuggestions('AN')).toEqual(['Anéis', 'Alianças']);
    expect(searchSuggestions('lares')).toEqual(['Colares']);
    expect(searchSuggestions('ANÉ')).toEqual(['Anéis']);
    expect(searchSuggestions('pulSEIRAS')).toEqual(['Pulseiras']);
  });

  it('returns the first 5 matches only, in list order', () => {
    const all = SEARCH_CATEGORIES.filter((c) => c.toLowerCase().includes('e'));
    expect(all.length).toBeGreaterThan(5);
    expect(searchSuggestions('e')).toEqual(all.slice(0, 5));
  });

  it('returns nothing for empty or blank text, or when nothing matches', () => {
    expect(searchSuggestions('')).toEqual([]);
    expect(searchSuggestions('   ')).toEqual([]);
    expect(searchSuggestions('relógio')).toEqual([]);
  });

  it('ignores surrounding spaces of the typed text', () => {
    expect(searchSuggestions('  brinc ')).toEqual(['Brincos']);
  });
});

describe('searchPath', () => {
  it('goes to /produtos?search=<trimmed, encoded term> and ignores blank input', () => {
    expect(searchPath('  pulseira ')).toBe('/produtos?search=pulseira');
    expect(searchPath('Anéis & cia')).toBe('/produtos?search=An%C3%A9is%20%26%20cia');
    expect(searchPath('')).toBeNull();
    expect(searchPath('   ')).toBeNull();
  });
});
