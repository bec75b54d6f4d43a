import { describe, expect, it } from 'vitest';
import {
  CATEGORY_LABELS,
  IMAGE_RENDITION_WIDTHS,
  PRODUCT_CATEGORIES,
  imageRenditionQuerySchema,
  imageSrcSet,
  isRasterImage,
  productInputSchema,
  productVariantInputSchema,
  productListQuerySchema,
} from './catalogue.ts';
import { remoteRegistrySchema } from './platform.ts';

describe('catalogue contracts', () => {
  it('labels every stored category in pt-BR, including Conjuntos', () => {
    expect(PRODUCT_CATEGORIES).toEqual(['aneis', 'brincos', 'colares', 'pulseiras', 'conjuntos']);
    expect(Object.values(CATEGORY_LABELS)).toEqual(['Anéis', 'Brincos', 'Colares', 'Pulseiras', 'Conjuntos']);
  });

  it('trims the search term and drops a blank one', () => {
    expect(productListQuerySchema.parse({ search: '  anel ' })).toEqual({ search: 'anel' });
    expect(productListQuerySchema.parse({ search: '   ' })).toEqual({ search: undefined });
    expect(productListQuerySchema.safeParse({ category: 'Anéis' }).error?.issues[0]?.message).toBe('Categoria inválida');
  });

  it('validates product input per admin.md 5', () => {
    expect(productInputSchema.parse({ name: ' Anel ', category: 'aneis', priceCents: 100, description: '  ' })).toMatchObject({
      name: 'Anel',
      description: null,
      imageKey: null,
      isNew: false,
      stock: 0,
    });
    const messages = productInputSchema.safeParse({ name: '', category: 'x', priceCents: 0 }).error!.issues.map((i) => i.message);
    expect(messages).toEqual(['Nome é obrigatório', 'Categoria inválida', 'O preço deve ser maior que zero']);
    expect(productInputSchema.safeParse({ name: 'a', category: 'aneis', priceCents: 10.5 }).success).toBe(false);
  });

  it('caps prices at R$ 1.000.000,00 and stock at 1,000,000 units, below PostgreSQL integer columns (2,147,483,647)', () => {
    const piece = { name: 'Anel', category: 'aneis' };
    expect(productInputSchema.safeParse({ ...piece, priceCents: 100_000_000, stock: 1_000_000 }).success).toBe(true);
    const price = productInputSchema.safeParse({ ...piece, priceCents: 100_000_001 }).error!.issues.map((i) => i.message);
    expect(price).toEqual(['O preço deve ser no máximo R$ 1.000.000,00']);
    expect(productInputSchema.safeParse({ ...piece, priceCents: 100, stock: 1_000_001 }).error!.issues.map((i) => i.message)).toEqual(['Estoque inválido']);
    const variant = productVariantInputSchema.safeParse({ sku: 'A-1', options: {}, stock: 2 ** 31, priceCents: 2 ** 31 });
    expect(variant.error!.issues.map((i) => i.message)).toEqual(['Estoque inválido', 'O preço deve ser no máximo R$ 1.000.000,00']);
  });
});

describe('remote registry contract', () => {
  it('accepts a well-formed entry and refuses unknown remotes or relative routes', () => {
    const entry = { name: 'storefront', manifestUrl: 'http://127.0.0.1:3001/mf-manifest.json', version: '1.0.0', routes: ['/'] };
    expect(remoteRegistrySchema.parse([entry])).toEqual([entry]);
    expect(remoteRegistrySchema.safeParse([{ ...entry, name: 'blog' }]).success).toBe(false);
    expect(remoteRegistrySchema.safeParse([{ ...entry, routes: ['produtos'] }]).success).toBe(false);
  });
});

describe('responsive product images', () => {
  it('lists the WebP renditions of a raster image at every width', () => {
    expect(imageSrcSet('http://api.test/storage/product-images/products/anel.jpg')).toBe(
      IMAGE_RENDITION_WIDTHS.map((width) => `http://api.test/images/product-images/products/anel.jpg?w=${width} ${width}w`).join(', '),
    );
  });

  it('has no renditions for vector images or images stored elsewhere', () => {
    expect(imageSrcSet('http://api.test/storage/product-images/products/anel.svg')).toBeNull();
    expect(imageSrcSet('https://cdn.example.com/anel.jpg')).toBeNull();
    expect(isRasterImage('http://api.test/storage/product-images/products/ANEL.PNG?v=2')).toBe(true);
  });

  it('accepts only the rendition widths', () => {
    expect(imageRenditionQuerySchema.parse({ w: '640' })).toEqual({ w: 640 });
    for (const w of ['641', '10000', 'abc', '320.5']) {
      const result = imageRenditionQuerySchema.safeParse({ w });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('Largura de imagem inválida');
    }
  });
});
