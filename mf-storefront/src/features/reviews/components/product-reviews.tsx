/**
 * The product page's reviews ('Avaliações', `#avaliacoes`): the average of the approved reviews
 * with its stars, their count, how many gave each number of stars (5 to 1, as bars), and one
 * page of the reviews, newest first: stars, the author ('Maria S.'), the date, the option bought,
 * the text (plain text, line breaks kept), the photos (WebP renditions, each a link to the
 * photo) and the store's reply. The pages are links (`?avaliacoes=2#avaliacoes`), so the server
 * renders each page and search engines follow them. Every review is from a buyer whose order
 * was delivered ('Compra verificada').
 */
import { Link } from '@prata/shared-ui/router';
import { REVIEWS_PAGE_PARAM, type ProductReviews as ProductReviewsData, type PublicReview } from '@prata/contracts/reviews';
import { Stars, formatDate, productImageSrcSet } from '@prata/shared-ui';
import { useProductReviews } from '../api/use-product-reviews.ts';
import styles from './reviews.module.css';

const averageFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The address of page `page` of the reviews, relative to the product's page (`?avaliacoes=2#avaliacoes`; the first without the parameter). */
export function reviewsPageHref(page: number): string {
  return page > 1 ? `?${REVIEWS_PAGE_PARAM}=${page}#avaliacoes` : '?#avaliacoes';
}

/** '1 avaliação', '12 avaliações'. */
export function reviewCountText(count: number): string {
  return count === 1 ? '1 avaliação' : `${count} avaliações`;
}

function Summary({ summary }: { summary: ProductReviewsData['summary'] }) {
  if (summary.count === 0 || summary.average === null) {
    return <p className={styles.muted}>Esta peça ainda não tem avaliações. Quem compra pode avaliar a peça depois de recebê-la.</p>;
  }
  return (
    <div className={styles.list} data-testid="reviews-summary">
      <p className={styles.title}>
        {averageFormat.format(summary.average)} <Stars rating={summary.average} showValue={false} size={18} />
      </p>
      <p className={styles.muted}>{reviewCountText(summary.count)}</p>
      <ul className={styles.photos} aria-label="Distribuição das notas">
        {summary.distribution.map(({ rating, count }) => (
          <li key={rating}>
            {rating} ★ <meter min={0} max={summary.count} value={count} aria-label={`${rating} estrelas: ${count}`} /> {count}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className={styles.list} data-testid="review">
      <div>
        <Stars rating={review.rating} showValue={false} label={`${review.rating} de 5 estrelas`} />
        {' '}<strong>{review.author}</strong>{' '}
        <span className={styles.muted}>
          {formatDate(review.createdAt)} · Compra verificada{review.variantLabel ? ` · ${review.variantLabel}` : ''}
        </span>
      </div>
      <p className={styles.text}>{review.text}</p>
      {review.photos.length > 0 ? (
        <ul className={styles.photos} aria-label={`Fotos de ${review.author}`}>
          {review.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img src={photo.url} srcSet={productImageSrcSet(photo.url)} sizes="96px" width={96} height={96} loading="lazy" alt={`Foto ${index + 1} de ${review.author}`} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className={styles.reply} data-testid="review-reply">
          <strong>Resposta da Prata 925</strong>
          <p className={styles.text}>{review.reply.text}</p>
        </div>
      ) : null}
    </li>
  );
}

/** The reviews of `productId` at page `page` (from the page's address). */
export function ProductReviews({ productId, page }: { productId: string; page: number }) {
  const { data } = useProductReviews(productId, page);
  return (
    <section id="avaliacoes" className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={styles.title}>
        Avaliações
      </h2>
      {data ? (
        <>
          <Summary summary={data.summary} />
          {data.reviews.length > 0 ? (
            <ul className={styles.list} aria-label="Avaliações de clientes">
              {data.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
          ) : null}
          {data.pageCount > 1 ? (
            <nav className={styles.photos} aria-label="Páginas de avaliações">
              {data.page > 1 ? <Link to={reviewsPageHref(data.page - 1)}>← Mais recentes</Link> : null}
              <span className={styles.muted}>
                Página {data.page} de {data.pageCount}
              </span>
              {data.page < data.pageCount ? <Link to={reviewsPageHref(data.page + 1)}>Mais antigas →</Link> : null}
            </nav>
          ) : null}
        </>
      ) : (
        <p className={styles.muted}>Carregando avaliações…</p>
      )}
    </section>
  );
}
