// @vitest-environment node
/** The committed fallback faces are what Capsize computes (shared-ui/build/font-fallbacks.ts). */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FONT_FALLBACKS_FILE, fontFallbacksCss } from './font-fallbacks.ts';

it('keeps src/styles/font-fallbacks.css as generated (run node shared-ui/build/font-fallbacks.ts)', () => {
  expect(readFileSync(FONT_FALLBACKS_FILE, 'utf8')).toBe(fontFallbacksCss());
});

it("scales Arial to Inter's width and keeps Liberation Sans, its metric twin, as the same face", () => {
  const css = fontFallbacksCss();
  // Inter's average character is wider than Arial's: Capsize's figure for the pair.
  expect(css).toMatch(/font-family: "Inter Fallback: Arial";\n {2}src: local\('Arial'\), local\('ArialMT'\), local\('Liberation Sans'\);\n {2}ascent-override: 90\.4365%;[\s\S]*?size-adjust: 107\.1194%;/);
  expect(css).toContain('--p9-font-display-fallbacks: "Playfair Display Fallback: Georgia", "Playfair Display Fallback: Times New Roman", "Playfair Display Fallback: Noto Serif";');
});
