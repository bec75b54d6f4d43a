/**
 * Reconciles the local cart with the service's current products (pure): prices, names and
 * images are taken from the service; a product the service no longer has leaves the cart. Each
 * price change and removal yields a pt-BR notice; stock shortages are reported separately, as
 * they are a current state rather than a change.
 */
import type { Product } from '@prata/contracts';
import { formatBRL, type CartItem } from '@prata/shared-ui';

export interface Reconciled {
  items: CartItem[];
  /** True when `items` differs from the input. */
  changed: boolean;
  /** What changed, e.g. 'O preço de Anel Solitário mudou de R$ 100,00 para R$ 120,00.' */
  notices: string[];
}

/**
 * @param requested the ids the products were fetched for: only those can be "gone" (an item
 *   added after the fetch is left alone).
 */
export function reconcileCart(items: readonly CartItem[], products: readonly Product[], requested: readonly string[]): Reconciled {
  const byId = new Map(products.map((product) => [product.id, product]));
  const asked = new Set(requested);
  const next: CartItem[] = [];
  const notices: string[] = [];
  let changed = false;
  for (const item of items) {
    const product = byId.get(item.id);
    if (!product) {
      if (asked.has(item.id)) {
        changed = true;
        notices.push(`${item.name} não está mais disponível e foi removido do carrinho.`);
      } else {
        next.push(item);
      }
      continue;
    }
    if (product.priceCents !== item.priceCents) {
      notices.push(`O preço de ${product.name} mudou de ${formatBRL(item.priceCents)} para ${formatBRL(product.priceCents)}.`);
    }
    if (product.priceCents !== item.priceCents || product.name !== item.name || product.imageUrl !== item.imageUrl) {
      changed = true;
      next.push({ ...item, priceCents: product.priceCents, name: product.name, imageUrl: product.imageUrl });
    } else {
      next.push(item);
    }
  }
  return { items: changed ? next : [...items], changed, notices };
}

/** Shortage notices for the current quantities ('esgotado' / 'apenas N unidades'). */
export function stockNotices(items: readonly CartItem[], products: readonly Product[]): string[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.flatMap((item) => {
    const product = byId.get(item.id);
    if (!product || product.available >= item.quantity) return [];
    if (product.available === 0) return [`${product.name} está esgotado no momento.`];
    const units = product.available === 1 ? '1 unidade' : `${product.available} unidades`;
    return [`Restam apenas ${units} de ${product.name} em estoque.`];
  });
}
