/** Testimonials: three fixed quotes (storefront.md 2, Home). */
import { Card, Stars } from '@prata/shared-ui';
import styles from './home.module.css';

const TESTIMONIALS = [
  { name: 'Mariana S.', city: 'São Paulo, SP', text: 'O anel chegou lindo, muito bem embalado e antes do prazo. Já virou meu favorito!' },
  { name: 'Juliana R.', city: 'Belo Horizonte, MG', text: 'Comprei um colar de presente para minha mãe e ela amou. Prata de qualidade de verdade.' },
  { name: 'Camila T.', city: 'Curitiba, PR', text: 'Atendimento atencioso e as peças são ainda mais bonitas pessoalmente. Recomendo!' },
] as const;

export function Testimonials() {
  return (
    <section className={`p9-container ${styles.section}`} aria-labelledby="depoimentos-title">
      <h2 id="depoimentos-title" className={styles.sectionTitle}>
        O que nossas clientes dizem
      </h2>
      <ul className={styles.testimonials}>
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
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
