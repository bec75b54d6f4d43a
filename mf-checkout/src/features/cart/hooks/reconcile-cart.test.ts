/** Cart refresh (storefront.md 4): current prices replace local ones, gone products leave. */
import { describe, expect, it } from 'vitest';
import type { Product } from '@prata/contracts';
import { formatBRL } from '@prata/shared-ui';
import { type CartItem } from '@prata/shared-ui/state';
import { reconcileCart, stockNotices } from './reconcile-cart.ts';

const item = (id: string, name: string, priceCents: number, quantity = 1): CartItem => ({ id, name, priceCents, quantity, imageUrl: null });
const product = (over: Partial<Product> & Pick<Product, 'id' | 'name' | 'priceCents'>): Product => ({
  slug: 'produto',
  category: 'aneis',
  description: null,
  imageUrl: null,
  images: [],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: 10,
  available: 10,
  options: [],
  variants: [],
  rating: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('reconcileCart', () => {
  it('keeps the cart as it is when nothing changed', () => {
    const items = [item('a', 'Anel', 100)];
    const result = reconcileCart(items, [product({ id: 'a', name: 'Anel', priceCents: 100 })], ['a']);
    expect(result).toEqual({ items, changed: false, notices: [] });
  });

  it('takes the current price, name and image, and says which price changed', () => {
    const result = reconcileCart([item('a', 'Anel', 10_000, 2), item('b', 'Brinco', 5_000)], [
      product({ id: 'a', name: 'Anel', priceCents: 12_000 }),
      product({ id: 'b', name: 'Brinco Gota', priceCents: 5_000, imageUrl: 'http://img/b.jpg' }),
    ], ['a', 'b']);
    expect(result.changed).toBe(true);
    expect(result.items).toEqual([
      { id: 'a', name: 'Anel', priceCents: 12_000, quantity: 2, imageUrl: null },
      { id: 'b', name: 'Brinco Gota', priceCents: 5_000, quantity: 1, imageUrl: 'http://img/b.jpg' },
    ]);
    expect(result.notices).toEqual([`O preço de Anel mudou de ${formatBRL(10_000)} para ${formatBRL(12_000)}.`]);
  });

  it('removes products the service no longer has, but not items it was not asked about', () => {
    const result = reconcileCart([item('a', 'Anel', 100), item('gone', 'Pulseira', 200), item('new', 'Colar', 300)], [product({ id: 'a', name: 'Anel', priceCents: 100 })], ['a', 'gone']);
    expect(result.items.map((i) => i.id)).toEqual(['a', 'new']);
    expect(result.notices).toEqual(['Pulseira não está mais disponível e foi removido do carrinho.']);
  });
});

describe('stockNotices', () => {
  it('reports sold-out products and quantities above what is available', () => {
    const items = [item('a', 'Anel', 100, 1), item('b', 'Brinco', 100, 3), item('c', 'Colar', 100, 2), item('d', 'Pulseira', 100, 2)];
    const products = [
      product({ id: 'a', name: 'Anel', priceCents: 100, available: 0 }),
      product({ id: 'b', name: 'Brinco', priceCents: 100, available: 1 }),
      product({ id: 'c', name: 'Colar', priceCents: 100, available: 2 }),
      product({ id: 'd', name: 'Pulseira', priceCents: 100, available: 1 }),
    ];
    expect(stockNotices(items, products)).toEqual([
      'Anel está esgotado no momento.',
      'Restam apenas 1 unidade de Brinco em estoque.',
      'Restam apenas 1 unidade de Pulseira em estoque.',
    ]);
  });
});

describe('lines of a variant', () => {
  const variant = (id: string, aro: string, priceCents: number, available: number) => ({ id, sku: `AN-${aro}`, options: { Aro: aro }, priceCents, stock: available, available });
  const ring = product({ id: 'r', name: 'Anel', priceCents: 100, options: [{ name: 'Aro', values: ['14', '16'] }], variants: [variant('v14', '14', 100, 2), variant('v16', '16', 120, 0)] });
  const line = (variantId: string, label: string, priceCents: number): CartItem => ({ ...item('r', 'Anel', priceCents), variantId, variantLabel: label });

  it("takes each line's price from its variant and drops a line whose variant is gone (or a line without one)", () => {
    const result = reconcileCart([line('v14', 'Aro 14', 100), line('v16', 'Aro 16', 100), line('v18', 'Aro 18', 100), item('r', 'Anel', 100)], [ring], ['r']);
    expect(result.items).toEqual([line('v14', 'Aro 14', 100), line('v16', 'Aro 16', 120)]);
    expect(result.notices).toEqual([
      `O preço de Anel (Aro 16) mudou de ${formatBRL(100)} para ${formatBRL(120)}.`,
      'Anel (Aro 18) não está mais disponível e foi removido do carrinho.',
      'Anel não está mais disponível e foi removido do carrinho.',
    ]);
  });

  it("reports a sold-out variant by its own units, not the product's", () => {
    expect(stockNotices([line('v14', 'Aro 14', 100), line('v16', 'Aro 16', 120)], [ring])).toEqual(['Anel (Aro 16) está esgotado no momento.']);
  });
});
