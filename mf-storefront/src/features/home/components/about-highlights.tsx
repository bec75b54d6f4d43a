/** About section with four highlights (storefront.md 2, Home). */
import { Gem, Heart, ShieldCheck, Truck } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import styles from './home.module.css';

const HIGHLIGHTS = [
  { icon: Heart, title: 'Feito com Amor', text: 'Cada peça é escolhida e revisada com carinho antes de chegar até você.' },
  { icon: Gem, title: 'Prata 925 Legítima', text: 'Prata de lei com certificado de autenticidade em todas as peças.' },
  { icon: Truck, title: 'Entrega Segura', text: 'Envio com rastreamento e frete grátis para todo o Brasil.' },
  { icon: ShieldCheck, title: 'Garantia de 6 Meses', text: 'Sua joia protegida contra defeitos de fabricação.' },
] as const;

export function AboutHighlights() {
  return (
    <section className={styles.about} aria-labelledby="sobre-title">
      <div className="p9-container">
        <h2 id="sobre-title" className={styles.sectionTitle}>
          Por que escolher a Prata 925
        </h2>
        <ul className={styles.highlights}>
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
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
