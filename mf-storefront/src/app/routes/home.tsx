/**
 * Home (storefront.md 2): hero, Featured Products (max 8 from the service, rating line, link to
 * the full collection, and for admins the product manager inline: the admin remote's
 * `ProductManager` widget, loaded only for them), categories, about highlights, testimonials.
 * The footer is the shell's.
 *
 * Hydration: the sections without interaction (hero, categories, highlights,
 * testimonials) keep their server markup and are never hydrated (shared-ui StaticContent); the
 * featured products, which are interactive (cart, favourites), hydrate in a Suspense boundary of
 * their own, so React hydrates them in a separate, interruptible pass.
 */
import { ArrowRight } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from '@prata/shared-ui/router';
import { EmptyState, RemoteWidget, Stars, StaticContent, buttonClassName, useSessionStore } from '@prata/shared-ui';
import { AboutHighlights } from '../../features/home/components/about-highlights.tsx';
import { Categories } from '../../features/home/components/categories.tsx';
import { Hero } from '../../features/home/components/hero.tsx';
import { Testimonials } from '../../features/home/components/testimonials.tsx';
import { useFeaturedProducts } from '../../features/products/api/get-featured-products.ts';
import { useFavourites } from '../../features/favourites/hooks/use-favourites.ts';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid.tsx';
import styles from './routes.module.css';

function FeaturedProducts() {
  const favourites = useFavourites();
  const { data, isPending, isError } = useFeaturedProducts();
  const isAdmin = useSessionStore((state) => state.isAdmin);
  return (
    <section className={`p9-container ${styles.section}`} aria-labelledby="destaques-title">
      <div className={styles.header}>
        <div>
          <h2 id="destaques-title" className={styles.title}>
            Produtos em Destaque
          </h2>
          <p className={styles.rating}>
            <Stars rating={5} label="Avaliação 5,0 de 5" /> 5.0 · mais de 1000 avaliações
          </p>
        </div>
        <Link to="/produtos" className={buttonClassName('outline')}>
          Ver Coleção Completa <ArrowRight size={16} aria-hidden="true" />
        </Link>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={8} />
      ) : isError || data.length === 0 ? (
        <EmptyState compact title="Nenhum produto em destaque encontrado." />
      ) : (
        <ProductGrid products={data} label="Produtos em destaque" favourites={favourites} />
      )}
      {isAdmin ? <RemoteWidget remote="admin" module="ProductManager" /> : null}
    </section>
  );
}

export function HomeRoute() {
  return (
    <>
      <StaticContent id="inicio-vitrine">
        <Hero />
      </StaticContent>
      <Suspense fallback={<ProductGridSkeleton count={8} />}>
        <FeaturedProducts />
      </Suspense>
      <StaticContent id="inicio-categorias">
        <Categories />
      </StaticContent>
      <StaticContent id="inicio-sobre">
        <AboutHighlights />
      </StaticContent>
      <StaticContent id="inicio-depoimentos">
        <Testimonials />
      </StaticContent>
    </>
  );
}
