/**
 * The feed items and both renderers without a database: prices in Google's format, titles cut at
 * Google's 150 characters, control characters (refused by XML 1.0) dropped, markup and CSV
 * separators escaped so that the parsers read back the text as written, products without an image
 * left out, free shipping at 0.00 BRL.
 */
import { XMLParser } from 'fast-xml-parser';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Product } from '@prata/contracts';
import { feedItems, feedPrice, TITLE_MAX } from './feed-items.ts';
import { googleMerchantFeed } from './google-merchant.ts';
import { META_COLUMNS, metaCatalogueFeed } from './meta-catalogue.ts';

const product = (overrides: Partial<Product> = {}): Product => ({
  id: '6f1c1e1a-8f5e-4a3b-9a57-0d6e2f1f7a10',
  slug: 'colar-lua',
  name: 'Colar Lua',
  category: 'colares',
  priceCents: 14_990,
  description: 'Prata 925.',
  imageUrl: 'https://api.example/storage/product-images/lua.svg',
  images: [{ url: 'https://api.example/storage/product-images/lua.svg', alt: 'Colar Lua' }],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: 2,
  available: 2,
  options: [],
  variants: [],
  rating: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

const build = (products: Product[], freeFromCents: number | null = null) =>
  feedItems({
    products,
    storeUrl: 'https://loja.example',
    weights: new Map(),
    packaging: { packagingGrams: 150, defaultItemGrams: 50 },
    freight: ({ goodsCents }) => [{ region: 'SE', service: 'PAC', priceCents: freeFromCents !== null && goodsCents >= freeFromCents ? 0 : 1_990 }],
  });

describe('feedPrice', () => {
  it('writes BRL cents as Google and Meta read prices', () => {
    expect([feedPrice(14_990), feedPrice(5), feedPrice(0), feedPrice(100_000_000)]).toEqual(['149.90 BRL', '0.05 BRL', '0.00 BRL', '1000000.00 BRL']);
  });
});

describe('feedItems', () => {
  it('cuts long titles, drops control characters and leaves out products without an image', () => {
    const items = build([
      product({ name: `Colar ${'muito '.repeat(40)}longo`, description: 'Linha\u0000 com\u0007 controle' }),
      product({ id: '7f1c1e1a-8f5e-4a3b-9a57-0d6e2f1f7a10', slug: 'sem-foto', imageUrl: null, images: [] }),
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]!.title.length).toBe(TITLE_MAX);
    expect(items[0]!.title.endsWith('…')).toBe(true);
    expect(items[0]!.description).toBe('Linha com controle');
    expect(items[0]!.link).toBe('https://loja.example/produtos/colar-lua');
  });

  it('prices freight per state, free where free shipping covers the piece', () => {
    const [paid] = build([product()], 20_000);
    const [free] = build([product()], 10_000);
    expect(paid!.shipping.map((entry) => entry.region)).toEqual(['ES', 'MG', 'RJ', 'SP']);
    expect(paid!.shipping[0]).toEqual({ country: 'BR', region: 'ES', service: 'PAC', priceCents: 1_990 });
    expect(free!.shipping.every((entry) => entry.priceCents === 0)).toBe(true);
  });
});

describe('renderers', () => {
  const tricky = product({ name: 'Anel <Sol> & "Lua", 925', description: 'Linha 1,\nlinha "2" <b>' });

  it('the XML reads back the text as written', () => {
    const xml = googleMerchantFeed(build([tricky]), { title: 'Prata 925 & cia', link: 'https://loja.example', description: 'Catálogo' });
    const parsed = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'item' || name === 'g:shipping' }).parse(xml) as { rss: { channel: { title: string; item: Record<string, unknown>[] } } };
    expect(parsed.rss.channel.title).toBe('Prata 925 & cia');
    expect(parsed.rss.channel.item[0]).toMatchObject({ 'g:title': 'Anel <Sol> & "Lua", 925', 'g:description': 'Linha 1,\nlinha "2" <b>', 'g:price': '149.90 BRL', 'g:shipping': [{ 'g:country': 'BR', 'g:region': 'ES', 'g:service': 'PAC', 'g:price': '19.90 BRL' }, expect.anything(), expect.anything(), expect.anything()] });
    expect(parsed.rss.channel.item[0]!['g:sale_price']).toBeUndefined();
  });

  it('the CSV reads back the text as written, under Meta column names', () => {
    const parsed = Papa.parse<Record<string, string>>(metaCatalogueFeed(build([tricky])), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...META_COLUMNS]);
    expect(parsed.data[0]).toMatchObject({ title: 'Anel <Sol> & "Lua", 925', description: 'Linha 1,\nlinha "2" <b>', availability: 'in stock', price: '149.90 BRL', sale_price: '', item_group_id: '' });
  });
});
