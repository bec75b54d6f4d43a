/**
 * Catalogue `/produtos` (storefront.md 2): 'Nossa Coleção', category buttons, the product grid,
 * no paging. `?search=` filters by name, category or description on the service and combines
 * with the category (`?categoria=`). The spec's labels did not match the stored categories;
 * here each button filters by its stored value, and 'Conjuntos' is offered too.
 * On a service failure: the six built-in sample products and the 'Erro ao carregar produtos' toast.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, productCategorySchema, type ProductCategory } from '@prata/contracts';
import { Button, EmptyState, toast } from '@prata/shared-ui';
import { useProducts } from '../../features/products/api/get-products.ts';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid.tsx';
import { SAMPLE_PRODUCTS } from '../../features/products/sample-products.ts';
import styles from './routes.module.css';

export function CatalogueRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  const parsedCategory = productCategorySchema.safeParse(params.get('categoria'));
  const category = parsedCategory.success ? parsedCategory.data : undefined;
  const { data, isPending, isError } = useProducts({ search, category });

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar produtos');
  }, [isError]);

  const selectCategory = (value: ProductCategory | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set('categoria', value);
    else next.delete('categoria');
    setParams(next);
  };

  const products = isError ? SAMPLE_PRODUCTS : data;
  return (
    <div className={`p9-container ${styles.page}`}>
      <h1 className={styles.pageTitle}>Nossa Coleção</h1>
      <div className={styles.filters} role="group" aria-label="Categorias">
        <Button variant="outline" size="sm" className={!category ? styles.filterActive : undefined} aria-pressed={!category} onClick={() => selectCategory(undefined)}>
          Todos
        </Button>
        {PRODUCT_CATEGORIES.map((value) => (
          <Button
            key={value}
            variant="outline"
            size="sm"
            className={category === value ? styles.filterActive : undefined}
            aria-pressed={category === value}
            onClick={() => selectCategory(value)}
          >
            {CATEGORY_LABELS[value]}
          </Button>
        ))}
      </div>
      {search ? <p className={styles.summary}>Resultados para “{search}”</p> : null}
      {isPending && !isError ? (
        <ProductGridSkeleton count={8} />
      ) : products && products.length > 0 ? (
        <ProductGrid products={products} label="Produtos" />
      ) : (
        <EmptyState title="Nenhum produto encontrado" description="Tente outra busca ou categoria." />
      )}
    </div>
  );
}
