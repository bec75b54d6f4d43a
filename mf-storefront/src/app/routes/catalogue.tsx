/**
 * Catalogue `/produtos` (storefront.md 2): 'Nossa Coleção', category buttons, the product grid,
 * no paging. `?search=` filters by name, category or description on the service and combines
 * with the category (`?categoria=`). The spec's labels did not match the stored categories;
 * here each button filters by its stored value, and 'Conjuntos' is offered too.
 * On a service failure: the six built-in sample products and the 'Erro ao carregar produtos' toast.
 * `?favoritos=1` (the header's heart) narrows the list to the shopper's favourites (kept locally,
 * storefront.md 4) under the title 'Meus Favoritos'.
 */
import { Heart, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from '@prata/shared-ui/router';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '@prata/contracts/catalogue';
import { EmptyState, ToggleGroup, toast, useFavouritesStore } from '@prata/shared-ui';
import { useProducts } from '../../features/products/api/get-products.ts';
import { catalogueFilter } from '../../features/products/utils/catalogue-filter.ts';
import { useFavourites } from '../../features/favourites/hooks/use-favourites.ts';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid.tsx';
import { SAMPLE_PRODUCTS } from '../../features/products/sample-products.ts';
import styles from './routes.module.css';

const ALL = 'todos';
const FILTERS: readonly { value: ProductCategory | typeof ALL; label: string }[] = [
  { value: ALL, label: 'Todos' },
  ...PRODUCT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];

export function CatalogueRoute() {
  const favourites = useFavourites();
  const [params, setParams] = useSearchParams();
  const { search, category } = catalogueFilter(params);
  const { data, isPending, isError } = useProducts({ search, category });
  const favouritesOnly = params.get('favoritos') === '1';
  const favouriteIds = useFavouritesStore((state) => state.items.map((item) => item.id).join(','));

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar produtos');
  }, [isError]);

  const selectCategory = (value: ProductCategory | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set('categoria', value);
    else next.delete('categoria');
    setParams(next);
  };

  const loaded = isError ? SAMPLE_PRODUCTS : data;
  const products = favouritesOnly ? loaded?.filter((product) => favouriteIds.split(',').includes(product.id)) : loaded;
  return (
    <div className={`p9-container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{favouritesOnly ? 'Meus Favoritos' : 'Nossa Coleção'}</h1>
      <ToggleGroup
        label="Categorias"
        className={styles.filters}
        options={FILTERS}
        value={category ?? ALL}
        onValueChange={(value) => selectCategory(value === ALL ? undefined : value)}
      />
      {search ? <p className={styles.summary}>Resultados para “{search}”</p> : null}
      {isPending && !isError ? (
        <ProductGridSkeleton count={8} />
      ) : products && products.length > 0 ? (
        <ProductGrid products={products} label="Produtos" favourites={favourites} />
      ) : favouritesOnly ? (
        <EmptyState compact icon={<Heart size={28} />} title="Nenhum favorito por aqui" description="Toque no coração de uma joia para guardá-la nos seus favoritos." />
      ) : (
        <EmptyState compact icon={<SearchX size={28} />} title="Nenhum produto encontrado" description="Tente outra busca ou categoria." />
      )}
    </div>
  );
}
