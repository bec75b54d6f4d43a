/**
 * Add-to-cart of a product card and the product page (storefront.md 8): one unit into
 * the shared cart store, then the 'Produto adicionado!' toast naming the product. With a variant,
 * the unit is that variant's: its own line in the cart, its price and its label
 * ('Aro 16', contracts' `variantLabel`). With an engraving, the line carries its text (spaces folded), price and days.
 * Reported as `add_to_cart` (sent only with consent).
 */
import { useCallback } from 'react';
import { variantLabel, type Product, type ProductVariant } from '@prata/contracts/catalogue';
import { normaliseEngraving } from '@prata/contracts/gifts';
import { toast, trackEvent, useCartStore, type CartEngraving } from '@prata/shared-ui/state';

export function useAddToCart(): (product: Pick<Product, 'id' | 'name' | 'priceCents' | 'imageUrl'> & Partial<Pick<Product, 'options'>>, variant?: ProductVariant | null, engraving?: CartEngraving | null) => void {
  const addItem = useCartStore((state) => state.addItem);
  return useCallback(
    (product, variant = null, engraving = null) => {
      const label = variant ? variantLabel(variant.options, product.options ?? []) : null;
      addItem({
        id: product.id,
        name: product.name,
        priceCents: variant?.priceCents ?? product.priceCents,
        imageUrl: product.imageUrl,
        ...(variant ? { variantId: variant.id, variantLabel: label } : {}),
        ...(engraving ? { engraving: { ...engraving, text: normaliseEngraving(engraving.text) } } : {}),
      });
      const priceCents = variant?.priceCents ?? product.priceCents;
      trackEvent({ name: 'add_to_cart', valueCents: priceCents, items: [{ id: variant?.id ?? product.id, name: product.name, priceCents, quantity: 1, variant: label ?? undefined }] });
      toast.success('Produto adicionado!', { description: `${product.name}${label ? ` (${label})` : ''} foi adicionado ao carrinho.` });
    },
    [addItem],
  );
}
