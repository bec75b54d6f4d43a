/**
 * Reconciles the local cart with the service's current products (pure): prices, names and
 * images are taken from the service; a product the service no longer has leaves the cart. Each
 * price change and removal yields a pt-BR notice; stock shortages are reported separately, as
 * they are a current state rather than a change.
 *
 * Variants: a line with a variant takes that variant's price, label and availability;
 * a line whose variant the product no longer has (or a product that gained options, for a line
 * without one) leaves the cart like a removed product.
 */
import { variantLabel, type Product } from '@prata/contracts';
import { formatBRL, type CartItem } from '@prata/shared-ui';

export interface Reconciled {
  items: CartItem[];
  /** True when `items` differs from the input. */
  changed: boolean;
  /** What changed, e.g. 'O preço de Anel Solitário mudou de R$ 100,00 para R$ 120,00.' */
  notices: string[];
}

/** A line's name with its variant, e.g. 'Anel Solitário (Aro 16)'. */
export function lineName(item: Pick<CartItem, 'name' | 'variantLabel'>): string {
  return item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name;
}

/** What the service says of a line now: price, label and units available; null if it cannot be bought as it is. */
function current(item: CartItem, product: Product): { priceCents: number; label: string | null; available: number } | null {
  if (!item.variantId) return product.variants.length > 0 ? null : { priceCents: product.priceCents, label: null, available: product.available };
  const variant = product.variants.find((candidate) => candidate.id === item.variantId);
  return variant ? { priceCents: variant.priceCents, label: variantLabel(variant.options, product.options), available: variant.available } : null;
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
    const now = product ? current(item, product) : null;
    if (!product || !now) {
      if (asked.has(item.id)) {
        changed = true;
        notices.push(`${lineName(item)} não está mais disponível e foi removido do carrinho.`);
      } else {
        next.push(item);
      }
      continue;
    }
    const name = lineName({ name: product.name, variantLabel: now.label });
    if (now.priceCents !== item.priceCents) {
      notices.push(`O preço de ${name} mudou de ${formatBRL(item.priceCents)} para ${formatBRL(now.priceCents)}.`);
    }
    if (now.priceCents !== item.priceCents || product.name !== item.name || product.imageUrl !== item.imageUrl || (item.variantId && now.label !== item.variantLabel)) {
      changed = true;
      next.push({ ...item, priceCents: now.priceCents, name: product.name, imageUrl: product.imageUrl, ...(item.variantId ? { variantLabel: now.label } : {}) });
    } else {
      next.push(item);
    }
  }
  return { items: changed ? next : [...items], changed, notices };
}

/** Shortage notices for the current quantities ('esgotado' / 'apenas N unidades'), per line (a variant's own units). */
export function stockNotices(items: readonly CartItem[], products: readonly Product[]): string[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.flatMap((item) => {
    const product = byId.get(item.id);
    const now = product ? current(item, product) : null;
    if (!product || !now || now.available >= item.quantity) return [];
    const name = lineName({ name: product.name, variantLabel: now.label });
    if (now.available === 0) return [`${name} está esgotado no momento.`];
    const units = now.available === 1 ? '1 unidade' : `${now.available} unidades`;
    return [`Restam apenas ${units} de ${name} em estoque.`];
  });
}
