/** Categories section (storefront.md 2, Home): Anéis, Colares, Brincos, Pulseiras, each to the catalogue. */
import { ArrowRight } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import { CATEGORY_LABELS, type ProductCategory } from '@prata/contracts/catalogue';
import styles from './home.module.css';

const HOME_CATEGORIES: { value: ProductCategory; description: string }[] = [
  { value: 'aneis', description: 'Solitários, aparadores e alianças' },
  { value: 'colares', description: 'Pingentes, correntes e gargantilhas' },
  { value: 'brincos', description: 'Argolas, pontos de luz e ear cuffs' },
  { value: 'pulseiras', description: 'Riviera, elos e braceletes' },
];

export function Categories() {
  return (
    <section className={`p9-container ${styles.section}`} aria-labelledby="categorias-title">
      <h2 id="categorias-title" className={styles.sectionTitle}>
        Categorias
      </h2>
      <ul className={styles.categories}>
        {HOME_CATEGORIES.map((category) => (
          <li key={category.value}>
            <Link to={`/produtos?categoria=${category.value}`} className={styles.category}>
              <strong>{CATEGORY_LABELS[category.value]}</strong>
              <span>{category.description}</span>
              <ArrowRight size={18} className={styles.categoryArrow} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
