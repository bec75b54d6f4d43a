/**
 * `search_normalize(text)`: lower case with accents removed (PostgreSQL `unaccent` with its
 * dictionary pinned, so the function is IMMUTABLE and expression indexes accept it). The global
 * search and the trigram indexes on product names and profiles use it, so 'anel'
 * finds 'Anel' and 'acessorio' finds 'Acessório'. Created by Migration20261123300000_admin_panel;
 * declared here so schema diffs know it.
 */
import { Routine } from '@mikro-orm/core';

export const SearchNormalizeRoutine = new Routine({
  name: 'search_normalize',
  type: 'function',
  params: { value: { type: 'text', runtimeType: 'string' } },
  returns: { runtimeType: 'string', columnType: 'text' },
  deterministic: true,
  language: 'sql',
  body: `select public.unaccent('public.unaccent'::regdictionary, lower(value))`,
});
