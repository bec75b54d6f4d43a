/**
 * Catalogue `/produtos` (storefront.md 2): 'Nossa Coleção', category buttons, the product grid
 * in pages (contracts `CATALOGUE_PAGE_SIZE`, 12 products). `?search=` filters by name, category or description on
 * the service and combines with the category (`?categoria=`). The spec's labels did not match the
 * stored categories; here each button filters by its stored value, and 'Conjuntos' is offered too.
 * On a service failure: the six built-in sample products and the 'Erro ao carregar produtos' toast.
 * `?favoritos=1` (the header's heart) narrows the list to the shopper's favourites (kept locally,
 * storefront.md 4) under the title 'Meus Favoritos'.
 *
 * Pages (`?pagina=N`, the first without it): the spec's catalogue had no paging, but the whole
 * catalogue in one server-rendered document was ~180 KiB of HTML; the service pages the list
 * (`GET /api/products/page`) and the server renders one page with real links to the others, which
 * work without JavaScript. With it, a link changes the page in place: the current page stays until
 * the next one has arrived, and the view goes back to the top of the page. Choosing a category
 * starts again at its first page, as does 'Ordenar por' ('Mais recentes', 'Melhor avaliados':
 * `?ordem=avaliacao`, the best average of approved reviews first). The favourites exist only in the browser's storage: that view
 * is loaded in the browser once they are read (the server renders its skeleton).
 */
import { Heart, SearchX } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useSearchParams } from '@prata/shared-ui/router';
import { CATALOGUE_RATING_SORT_VALUE, CATALOGUE_SORT_LABELS, CATALOGUE_SORT_PARAM, CATALOGUE_SORTS, CATEGORY_LABELS, PRODUCT_CATEGORIES, type CatalogueSort, type ProductCategory } from '@prata/contracts/catalogue';
import { EmptyState, ToggleGroup } from '@prata/shared-ui';
import { toast, useFavouritesStore } from '@prata/shared-ui/state';
import { useProductPage } from '../../features/products/api/get-product-page.ts';
import { PAGE_PARAM, catalogueFilter, cataloguePageHref } from '../../features/products/utils/catalogue-filter.ts';
import { useFavourites } from '../../features/favourites/hooks/use-favourites.ts';
import { CataloguePagination } from '../../features/products/components/catalogue-pagination.tsx';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid.tsx';
import { SAMPLE_PRODUCTS } from '../../features/products/sample-products.ts';
import styles from './routes.module.css';

const ALL = 'todos';
const FILTERS: readonly { value: ProductCategory | typeof ALL; label: string }[] = [
  { value: ALL, label: 'Todos' },
  ...PRODUCT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
];
const SORTS = CATALOGUE_SORTS.map((value) => ({ value, label: CATALOGUE_SORT_LABELS[value] }));

/** Whether the favourites have been read from the browser's storage (never on the server). */
function useStoredFavouritesRead(): boolean {
  return useSyncExternalStore(
    (onChange) => useFavouritesStore.persist.onFinishHydration(onChange),
    () => useFavouritesStore.persist.hasHydrated(),
    () => false,
  );
}

/** Back to the top when the page number changes (not on the first render). */
function useTopOnPageChange(page: number): void {
  const shown = useRef(page);
  useLayoutEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    window.scrollTo(0, 0);
  }, [page]);
}

export function CatalogueRoute() {
  const favourites = useFavourites();
  const [params, setParams] = useSearchParams();
  const { search, category, sort, page } = catalogueFilter(params);
  const favouritesOnly = params.get('favoritos') === '1';
  const favouriteIds = useFavouritesStore((state) => state.items.map((item) => item.id).join(','));
  const favouritesRead = useStoredFavouritesRead();
  const ids = favouritesOnly ? favouriteIds.split(',').filter(Boolean) : undefined;
  const noFavourites = favouritesOnly && favouritesRead && ids!.length === 0;
  const { data, isPending, isError } = useProductPage({ search, category, ids, sort, page }, !favouritesOnly || (favouritesRead && !noFavourites));
  useTopOnPageChange(page);

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar produtos');
  }, [isError]);

  const selectCategory = (value: ProductCategory | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set('categoria', value);
    else next.delete('categoria');
    next.delete(PAGE_PARAM);
    setParams(next);
  };

  const selectSort = (value: CatalogueSort) => {
    const next = new URLSearchParams(params);
    if (value === 'rating') next.set(CATALOGUE_SORT_PARAM, CATALOGUE_RATING_SORT_VALUE);
    else next.delete(CATALOGUE_SORT_PARAM);
    next.delete(PAGE_PARAM);
    setParams(next);
  };

  const products = isError ? SAMPLE_PRODUCTS : noFavourites ? [] : data?.products;
  const loading = !products && (isPending || (favouritesOnly && !favouritesRead));
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
      <ToggleGroup label="Ordenar por" className={styles.filters} options={SORTS} value={sort} onValueChange={selectSort} />
      {search ? <p className={styles.summary}>Resultados para “{search}”</p> : null}
      {loading ? (
        <ProductGridSkeleton count={8} />
      ) : products && products.length > 0 ? (
        <ProductGrid products={products} label="Produtos" favourites={favourites} />
      ) : favouritesOnly ? (
        <EmptyState compact icon={<Heart size={28} />} title="Nenhum favorito por aqui" description="Toque no coração de uma joia para guardá-la nos seus favoritos." />
      ) : (
        <EmptyState compact icon={<SearchX size={28} />} title="Nenhum produto encontrado" description="Tente outra busca ou categoria." />
      )}
      {data && !isError && !noFavourites ? <CataloguePagination page={page} pageCount={data.pageCount} hrefOf={(number) => cataloguePageHref(params, number)} /> : null}
    </div>
  );
}
