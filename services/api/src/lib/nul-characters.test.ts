import { describe, expect, it } from 'vitest';
import { nulCharacterPath } from './nul-characters.ts';

describe('nulCharacterPath', () => {
  it('names the first string or key holding U+0000', () => {
    expect(nulCharacterPath({ query: { search: 'anel\u0000' } })).toBe('query.search');
    expect(nulCharacterPath({ body: { items: [{ name: 'ok' }, { name: '\u0000' }] } })).toBe('body.items.1.name');
    expect(nulCharacterPath({ body: { ['a\u0000b']: 1 } })).toBe('body.a\u0000b');
  });

  it('finds nothing in clean values, Buffers or past its depth', () => {
    expect(nulCharacterPath({ query: { search: 'anel de prata' }, body: [1, true, null] })).toBeNull();
    expect(nulCharacterPath({ body: Buffer.from([0]) })).toBeNull();
    expect(nulCharacterPath({ a: { b: '\u0000' } }, '', 1)).toBeNull();
  });
});
