import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from './build-version.ts';

describe('contentHash', () => {
  it('is the first 8 hex digits of SHA-256 over the files sorted by name', () => {
    const expected = createHash('sha256').update('a.js\0A\0b.js\0B\0').digest('hex').slice(0, 8);
    expect(contentHash([['b.js', 'B'], ['a.js', Buffer.from('A')]])).toBe(expected);
  });

  it('changes with any byte or file name, not with the order files were emitted in', () => {
    const base = contentHash([['a.js', 'A'], ['b.js', 'B']]);
    expect(contentHash([['b.js', 'B'], ['a.js', 'A']])).toBe(base);
    expect(contentHash([['a.js', 'A'], ['b.js', 'C']])).not.toBe(base);
    expect(contentHash([['a.js', 'A'], ['c.js', 'B']])).not.toBe(base);
  });
});
