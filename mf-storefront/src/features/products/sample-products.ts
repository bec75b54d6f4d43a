/**
 * The six built-in sample products the catalogue shows when the service cannot be reached
 * (storefront.md 7: "on failure the catalogue falls back to six built-in sample products").
 * They carry no stock promise and cannot be bought (checkout re-reads every product).
 */
import type { Product } from '@prata/contracts/catalogue';

const SAMPLE_CREATED_AT = '2026-01-01T12:00:00.000Z';

function sample(id: number, name: string, category: Product['category'], priceCents: number, flags: Partial<Product> = {}): Product {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    // No page of their own: the service does not know them (the page shows 'not found').
    slug: `amostra-${id}`,
    name,
    category,
    priceCents,
    description: null,
    imageUrl: null,
    images: [],
    isNew: false,
    isBestseller: false,
    isFeatured: false,
    stock: 0,
    available: 0,
    options: [],
    variants: [],
    rating: null,
    createdAt: SAMPLE_CREATED_AT,
    ...flags,
  };
}

export const SAMPLE_PRODUCTS: readonly Product[] = [
  sample(1, 'Anel Solitário em Prata 925', 'aneis', 18990, { isBestseller: true }),
  sample(2, 'Brinco Argola Lisa', 'brincos', 12990, { isNew: true }),
  sample(3, 'Colar Ponto de Luz', 'colares', 15990, { isFeatured: true }),
  sample(4, 'Pulseira Riviera Zircônia', 'pulseiras', 24990),
  sample(5, 'Anel Aparador Cravejado', 'aneis', 13990),
  sample(6, 'Conjunto Gota Cristal', 'conjuntos', 29990, { isNew: true }),
];
