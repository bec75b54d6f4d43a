/**
 * Testimonials (storefront.md 2, Home): the newest approved 5-star reviews of buyers (the author
 * as 'Maria S.' and the piece reviewed) once the store has enough of them
 * (`TESTIMONIALS_MIN_REVIEWS`, the service decides), else the spec's three fixed quotes. Loaded
 * with the page on the server (pages.ts), so the section's static markup already has them.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Stars } from '@prata/shared-ui';
import { getTestimonialsQueryOptions } from '../api/get-testimonials.ts';
import styles from './home.module.css';

const TESTIMONIALS = [
  { name: 'Mariana S.', city: 'São Paulo, SP', text: 'O anel chegou lindo, muito bem embalado e antes do prazo. Já virou meu favorito!' },
  { name: 'Juliana R.', city: 'Belo Horizonte, MG', text: 'Comprei um colar de presente para minha mãe e ela amou. Prata de qualidade de verdade.' },
  { name: 'Camila T.', city: 'Curitiba, PR', text: 'Atendimento atencioso e as peças são ainda mais bonitas pessoalmente. Recomendo!' },
] as const;

export function Testimonials() {
  const { data } = useQuery(getTestimonialsQueryOptions());
  const quotes = data?.length ? data.map((review) => ({ name: review.author, city: review.productName, text: review.text })) : TESTIMONIALS;
  return (
    <section className={`p9-container ${styles.section}`} aria-labelledby="depoimentos-title">
      <h2 id="depoimentos-title" className={styles.sectionTitle}>
        O que nossas clientes dizem
      </h2>
      <ul className={styles.testimonials}>
        {quotes.map((t, index) => (
          <li key={index}>
            <Card className={styles.testimonial}>
              <figure>
              <Stars rating={5} />
              <blockquote>“{t.text}”</blockquote>
              <figcaption>
                <strong>{t.name}</strong> · {t.city}
              </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
