import { describe, expect, it } from 'vitest';
import { needsTagLoader } from './tag-cookies.ts';

describe('needsTagLoader', () => {
  it('is false on a first visit and without consent, with only the store\'s own cookies', () => {
    expect(needsTagLoader(null, '')).toBe(false);
    expect(needsTagLoader({ analytics: false, marketing: false }, 'prata_consent=v1.00.1796000000; prata_cart=1')).toBe(false);
    // Names that only look like a tag's.
    expect(needsTagLoader(null, 'gamma=1; _gab=2; _fbx=3')).toBe(false);
  });

  it('is true once a category is allowed', () => {
    expect(needsTagLoader({ analytics: true, marketing: false }, '')).toBe(true);
    expect(needsTagLoader({ analytics: false, marketing: true }, '')).toBe(true);
  });

  it("is true without consent while a tag's cookie is left to remove", () => {
    expect(needsTagLoader({ analytics: false, marketing: false }, 'prata_consent=v1.00.1; _ga=GA1.1.123.456')).toBe(true);
    expect(needsTagLoader(null, '_ga_ABC123=GS1.1')).toBe(true);
    expect(needsTagLoader(null, 'x=1; _fbp=fb.1.2.3')).toBe(true);
    expect(needsTagLoader(null, '_fbc=fb.1.2.abc')).toBe(true);
  });
});
