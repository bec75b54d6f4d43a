/** Calls to action of the about page (storefront.md 2 "/sobre"): the collection and the contact page. */
import { Link } from '@prata/shared-ui/router';
import { buttonClassName } from '@prata/shared-ui';
import styles from './about.module.css';

export function AboutCallToAction() {
  return (
    <section className={styles.cta} aria-labelledby="cta-title">
      <h2 id="cta-title">Encontre a joia que conta a sua história</h2>
      <p>Conheça a coleção completa ou fale com a gente: respondemos em até 24 horas.</p>
      <div className={styles.actions}>
        <Link to="/produtos" className={buttonClassName('primary')}>
          Ver Coleção
        </Link>
        <Link to="/contato" className={buttonClassName('outline')}>
          Fale Conosco
        </Link>
      </div>
    </section>
  );
}
