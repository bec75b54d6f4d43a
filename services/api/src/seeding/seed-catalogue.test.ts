/**
 * Seed catalogue and product art: catalogue shape (counts per category, unique slugs and
 * names, featured count, integer BRL-cent prices) and the SVG files (one per product and no
 * other, self-contained, unique per product).
 */
import { readdir } from 'node:fs/promises';
import { beforeAll, describe, it, expect } from 'vitest';
import { PRODUCT_CATEGORIES } from '@prata/contracts';
import { SEED_CATALOGUE } from './seed-catalogue.ts';
import { PRODUCT_ART_DIR, readFallbackSvg, readProductSvg } from './product-art.ts';

describe('SEED_CATALOGUE', () => {
  it('has at least 30 products', () => {
    expect(SEED_CATALOGUE.length).toBeGreaterThanOrEqual(30);
  });

  it('has at least 6 products in every category', () => {
    for (const category of PRODUCT_CATEGORIES) {
      const count = SEED_CATALOGUE.filter((product) => product.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(6);
    }
  });

  it('has unique kebab-case slugs, unique names and distinct ages', () => {
    const slugs = SEED_CATALOGUE.map((product) => product.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const names = SEED_CATALOGUE.map((product) => product.name);
    expect(new Set(names).size).toBe(names.length);
    const ages = SEED_CATALOGUE.map((product) => product.ageDays);
    expect(new Set(ages).size).toBe(ages.length);
    for (const age of ages) {
      expect(Number.isInteger(age)).toBe(true);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(120);
    }
  });

  it('features 8 to 12 products', () => {
    const featured = SEED_CATALOGUE.filter((product) => product.isFeatured).length;
    expect(featured).toBeGreaterThanOrEqual(8);
    expect(featured).toBeLessThanOrEqual(12);
  });

  it('has positive integer prices (BRL cents) and stock within 0..40', () => {
    for (const product of SEED_CATALOGUE) {
      expect(Number.isInteger(product.priceCents), product.slug).toBe(true);
      expect(product.priceCents, product.slug).toBeGreaterThan(0);
      expect(Number.isInteger(product.stock), product.slug).toBe(true);
      expect(product.stock, product.slug).toBeGreaterThanOrEqual(0);
      expect(product.stock, product.slug).toBeLessThanOrEqual(40);
    }
    expect(SEED_CATALOGUE.some((product) => product.stock === 0)).toBe(true);
  });

  it('sells rings by aro and a chain by length, with stock per variant', () => {
    const withOption = (name: string) => SEED_CATALOGUE.filter((product) => product.options?.some((option) => option.name === name));
    expect(withOption('Aro').map((product) => product.category)).toEqual(['aneis', 'aneis']);
    expect(withOption('Comprimento').map((product) => product.category)).toEqual(['colares']);
    for (const product of [...withOption('Aro'), ...withOption('Comprimento')]) {
      expect(product.variants!.length, product.slug).toBe(product.options![0]!.values.length);
      expect(product.variants!.reduce((sum, variant) => sum + variant.stock, 0), product.slug).toBe(product.stock);
    }
    expect(withOption('Aro').flatMap((product) => product.variants!).some((variant) => variant.stock === 0)).toBe(true);
  });

  it('has non-empty names and descriptions', () => {
    for (const product of SEED_CATALOGUE) {
      expect(product.name.trim().length, product.slug).toBeGreaterThan(0);
      expect(product.description).toMatch(/prata 925/i);
    }
  });
});

describe('readProductSvg', () => {
  let drawings: string[] = [];
  beforeAll(async () => {
    drawings = await Promise.all(SEED_CATALOGUE.map((product) => readProductSvg(product.slug)));
  });

  it('returns a self-contained 800x800 SVG document for every product', () => {
    expect(drawings).toHaveLength(SEED_CATALOGUE.length);
    for (const svg of drawings) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).toContain('viewBox="0 0 800 800"');
      expect(svg).toContain('width="800"');
      expect(svg).toContain('height="800"');
      expect(svg).not.toContain('<text');
      expect(svg).not.toContain('href="http');
      expect(svg).not.toMatch(/url\(\s*['"]?(https?:|data:)/);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      expect(svg.length).toBeLessThan(7000);
    }
  });

  it('references only gradient/filter/symbol ids defined in the same document, prefixed by the slug', () => {
    SEED_CATALOGUE.forEach((product, index) => {
      const svg = drawings[index] ?? '';
      const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
      for (const id of ids) expect(id?.startsWith(`p-${product.slug}-`), id).toBe(true);
      const references = [...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((match) => match[1]);
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(ids.has(reference), reference).toBe(true);
    });
  });

  it('draws a different picture for every product', () => {
    expect(new Set(drawings).size).toBe(drawings.length);
    // Ignoring the slug-based id prefix, the drawings still differ.
    const stripped = SEED_CATALOGUE.map((product, index) => (drawings[index] ?? '').replaceAll(`p-${product.slug}-`, 'p-'));
    expect(new Set(stripped).size).toBe(stripped.length);
  });

  it('finds a file for every product and no file without a product', async () => {
    const files = (await readdir(PRODUCT_ART_DIR)).filter((name) => name.endsWith('.svg')).sort();
    expect(files).toEqual(SEED_CATALOGUE.map((product) => `${product.slug}.svg`).sort());
  });

  it('refuses a slug that is not kebab-case (no paths)', async () => {
    await expect(readProductSvg('../fallback')).rejects.toThrow(/invalid slug/);
  });
});

describe('readFallbackSvg', () => {
  it('returns a self-contained 800x800 placeholder', async () => {
    const svg = await readFallbackSvg();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('</svg>');
    expect(svg).toContain('viewBox="0 0 800 800"');
    expect(svg).not.toContain('href="http');
  });
});
