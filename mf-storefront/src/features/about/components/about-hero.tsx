/** About page heading (storefront.md 2 "/sobre"). */
import styles from './about.module.css';

export function AboutHero() {
  return (
    <header className={styles.hero}>
      <h1>Sobre Nós</h1>
      <p className={styles.lead}>Joias em prata 925 legítima, escolhidas com carinho para acompanhar a sua história.</p>
    </header>
  );
}
