/**
 * Full-screen hero (storefront.md 2, Home): a dark, silver-lit image (vector, so one file serves
 * every width; explicit size and `fetchpriority="high"`: it is the largest paint) under the
 * headline, the lead (its free shipping the store's own offer, lib/offer-texts.ts) and two calls
 * to action.
 */
import { Link } from '@prata/shared-ui/router';
import { buttonClassName, useStoreOffers } from '@prata/shared-ui';
import { freeShippingPhrase } from '../../../lib/offer-texts.ts';
import heroImage from '../../../assets/hero.svg';
import styles from './home.module.css';

export function Hero() {
  const freeShipping = freeShippingPhrase(useStoreOffers());
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <img className={styles.heroImage} src={heroImage} alt="" width={1600} height={900} fetchPriority="high" decoding="async" />
      <div className={`p9-container ${styles.heroContent}`}>
        <p className={styles.eyebrow}>Prata 925 legítima</p>
        <h1 id="hero-title">Joias que acompanham a sua história</h1>
        <p>Anéis, brincos, colares e pulseiras em prata 925, com garantia de 6 meses e {freeShipping ?? 'entrega para todo o Brasil'}.</p>
        <div className={styles.heroActions}>
          <Link to="/produtos" className={buttonClassName('accent', 'lg')}>
            Ver Coleção
          </Link>
          <Link to="/sobre" className={`${buttonClassName('outline', 'lg')} ${styles.heroSecondary}`}>
            Nossa História
          </Link>
        </div>
      </div>
    </section>
  );
}
