/** About section with four highlights (storefront.md 2, Home); the delivery one states the store's own free shipping (lib/offer-texts.ts). */
import { Gem, Heart, ShieldCheck, Truck } from 'lucide-react';
import { Card, useStoreOffers } from '@prata/shared-ui';
import { freeShippingPhrase } from '../../../lib/offer-texts.ts';
import styles from './home.module.css';

/** The highlights; `freeShipping`: the store's free-shipping phrase, or null when it gives none. */
function highlights(freeShipping: string | null) {
  return [
    { icon: Heart, title: 'Feito com Amor', text: 'Cada peça é escolhida e revisada com carinho antes de chegar até você.' },
    { icon: Gem, title: 'Prata 925 Legítima', text: 'Prata de lei com certificado de autenticidade em todas as peças.' },
    { icon: Truck, title: 'Entrega Segura', text: `Envio com rastreamento para todo o Brasil${freeShipping ? `, com ${freeShipping}` : ''}.` },
    { icon: ShieldCheck, title: 'Garantia de 6 Meses', text: 'Sua joia protegida contra defeitos de fabricação.' },
  ] as const;
}

export function AboutHighlights() {
  const items = highlights(freeShippingPhrase(useStoreOffers()));
  return (
    <section className={styles.about} aria-labelledby="sobre-title">
      <div className="p9-container">
        <h2 id="sobre-title" className={styles.sectionTitle}>
          Por que escolher a Prata 925
        </h2>
        <ul className={styles.highlights}>
          {items.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card flat className={styles.highlight}>
                <span className={styles.highlightIcon}>
                  <Icon size={24} aria-hidden="true" />
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
