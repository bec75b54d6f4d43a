/**
 * Add-to-cart of a product card and the product page (storefront.md 8; issue 22): one unit into
 * the shared cart store, then the 'Produto adicionado!' toast naming the product.
 */
import { useCallback } from 'react';
import type { Product } from '@prata/contracts/catalogue';
import { toast, useCartStore } from '@prata/shared-ui';

export function useAddToCart(): (product: Pick<Product, 'id' | 'name' | 'priceCents' | 'imageUrl'>) => void {
  const addItem = useCartStore((state) => state.addItem);
  return useCallback(
    (product) => {
      addItem({ id: product.id, name: product.name, priceCents: product.priceCents, imageUrl: product.imageUrl });
      toast.success('Produto adicionado!', { description: `${product.name} foi adicionado ao carrinho.` });
    },
    [addItem],
  );
}
