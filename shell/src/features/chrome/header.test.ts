/** The header's count links name their count as a word ('Carrinho: 1 item'), singular for one. */
import { describe, expect, it } from 'vitest';
import { cartLabel, favouritesLabel } from './header.tsx';

describe('header count labels', () => {
  it.each([
    [0, 'Carrinho: 0 itens'],
    [1, 'Carrinho: 1 item'],
    [3, 'Carrinho: 3 itens'],
  ])('cart with %i', (count, label) => {
    expect(cartLabel(count)).toBe(label);
  });

  it('favourites', () => {
    expect(favouritesLabel(0)).toBe('Favoritos: 0');
    expect(favouritesLabel(2)).toBe('Favoritos: 2');
  });
});
