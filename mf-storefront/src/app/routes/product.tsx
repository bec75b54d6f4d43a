/**
 * Product page `/produtos/:slug`: breadcrumb, gallery, details (price, instalments,
 * availability, variant picker, add to cart, favourite; the content feature's 'Guia de tamanhos'
 * for a ring; 'Avise-me quando chegar' when the piece, or the chosen variant, has no stock; the price
 * by PIX and the freight quote by CEP of the shipping feature), the reviews feature's
 * 'Avaliações' (average, distribution, a page of approved reviews: `?avaliacoes=N`) and up to 4
 * related products of the same category.
 * Rendered on the server with its data prefetched (pages.ts) and hydrated here from it.
 *
 * The old address `/produtos/<id>`: the shell's host answers 301 to the slug; in the browser
 * (a link followed inside the app) the page looks the product up by id and replaces the URL.
 * An unknown product (or a draft or archived one) shows the not-found page, with the
 * HTTP status 404 when the server renders it (pages.ts).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, useSearchParams } from '@prata/shared-ui/router';
import { CATEGORY_LABELS, PRODUCT_ID_PATTERN, productPagePath } from '@prata/contracts/catalogue';
import { reviewsPageOf } from '@prata/contracts/reviews';
import { SearchX } from 'lucide-react';
import { Breadcrumb, EmptyState, NotFoundPage, Skeleton, useStoreOffers } from '@prata/shared-ui';
import { ApiRequestError, trackEvent } from '@prata/shared-ui/state';
import { BackInStockAlert } from '../../features/back-in-stock/components/back-in-stock-alert.tsx';
import { SizeGuide } from '../../features/content/components/size-guide.tsx';
import { useFavourites } from '../../features/favourites/hooks/use-favourites.ts';
import { useProduct, useProductById } from '../../features/products/api/get-product.ts';
import { getProductsQueryOptions } from '../../features/products/api/get-products.ts';
import { ProductDetails } from '../../features/products/components/product-details.tsx';
import { ProductGallery } from '../../features/products/components/product-gallery.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import pageStyles from '../../features/products/components/product-page.module.css';
import { ProductReviews } from '../../features/reviews/components/product-reviews.tsx';
import { ProductShippingQuote } from '../../features/shipping/components/product-shipping-quote.tsx';
import styles from './routes.module.css';

/** Related products shown under a product. */
export const RELATED_PRODUCTS_LIMIT = 4;

export function ProductRoute() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const isId = PRODUCT_ID_PATTERN.test(slug);
  const byId = useProductById(isId ? slug : undefined);
  const { data: product, error } = useProduct(isId ? undefined : slug);
  const favourites = useFavourites();
  const { pixDiscountPercent, installments } = useStoreOffers();
  const related = useQuery({ ...getProductsQueryOptions({ category: product?.category }), enabled: Boolean(product) });

  // GA4's view_item / Meta's ViewContent, once per product shown (sent only with consent).
  const viewed = product ?? null;
  useEffect(() => {
    if (viewed) trackEvent({ name: 'view_item', valueCents: viewed.priceCents, items: [{ id: viewed.id, name: viewed.name, priceCents: viewed.priceCents, quantity: 1 }] });
  }, [viewed?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per product, not per refetch

  useEffect(() => {
    if (byId.data) void navigate(`${productPagePath(byId.data)}${location.search}`, { replace: true });
  }, [byId.data, location.search, navigate]);

  const failure = isId ? byId.error : error;
  if ((failure instanceof ApiRequestError && failure.status === 404) || product === null) return <NotFoundPage />;
  if (failure && !product) {
    return (
      <div className={`p9-container ${styles.page}`}>
        <EmptyState icon={<SearchX size={28} />} title="Não foi possível carregar o produto" description="Tente novamente em instantes." />
      </div>
    );
  }
  if (!product) {
    return (
      <div className={`p9-container ${styles.page}`} role="status" aria-label="Carregando produto" aria-busy="true">
        <div className={pageStyles.layout}>
          <Skeleton className={pageStyles.mainImage} />
          <div className={pageStyles.details}>
            <Skeleton shape="text" width="30%" />
            <Skeleton shape="text" width="80%" height={36} />
            <Skeleton shape="text" width="40%" height={28} />
          </div>
        </div>
      </div>
    );
  }
  const others = (related.data ?? []).filter((item) => item.id !== product.id).slice(0, RELATED_PRODUCTS_LIMIT);
  return (
    <div className={`p9-container ${styles.page}`}>
      <Breadcrumb
        items={[
          { label: 'Início', to: '/' },
          { label: 'Produtos', to: '/produtos' },
          { label: CATEGORY_LABELS[product.category], to: `/produtos?categoria=${product.category}` },
          { label: product.name },
        ]}
      />
      <div className={pageStyles.layout}>
        <ProductGallery key={product.id} images={product.images} name={product.name} />
        <ProductDetails
          key={product.id}
          product={product}
          favourites={favourites}
          sizeGuide={<SizeGuide textClassName={pageStyles.description} />}
          soldOut={(variantId) => <BackInStockAlert key={variantId ?? product.id} productId={product.id} variantId={variantId} />}
          pixDiscountPercent={pixDiscountPercent}
          installmentRules={installments}
          shipping={(variantId, productionDays) => <ProductShippingQuote productId={product.id} variantId={variantId} productionDays={productionDays} />}
        />
      </div>
      <ProductReviews productId={product.id} page={reviewsPageOf(searchParams)} />
      {others.length > 0 ? (
        <section className={pageStyles.related} aria-labelledby="related-title">
          <h2 id="related-title" className={pageStyles.relatedTitle}>
            Você também pode gostar
          </h2>
          <ProductGrid products={others} label="Produtos relacionados" favourites={favourites} />
        </section>
      ) : null}
    </div>
  );
}
