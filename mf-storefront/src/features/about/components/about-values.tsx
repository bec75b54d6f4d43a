/** The store's values (storefront.md 2 "/sobre": quality, passion, excellence); free shipping only as the store gives it (lib/offer-texts.ts). */
import { Award, Gem, Heart } from 'lucide-react';
import { Card, useStoreOffers } from '@prata/shared-ui';
import { freeShippingPhrase } from '../../../lib/offer-texts.ts';
import styles from './about.module.css';

/** The values; `freeShipping`: the store's free-shipping phrase, or null when it gives none. */
export function aboutValues(freeShipping: string | null) {
  return [
  {
    icon: Gem,
    title: 'Qualidade',
    text: 'Somente prata 925 legítima, com certificado de autenticidade e revisão peça por peça antes do envio.',
  },
  {
    icon: Heart,
    title: 'Paixão',
    text: 'Amamos joias e escolhemos cada modelo pensando em quem vai usar, do dia a dia às ocasiões especiais.',
  },
  {
    icon: Award,
    title: 'Excelência',
    text: `Atendimento próximo, resposta em até 24 horas${freeShipping ? `, ${freeShipping}` : ''} e garantia de 6 meses em todas as peças.`,
  },
  ] as const;
}

export function AboutValues() {
  const values = aboutValues(freeShippingPhrase(useStoreOffers()));
  return (
    <section className={styles.section} aria-labelledby="valores-title">
      <h2 id="valores-title" className={styles.sectionTitle}>
        Nossos Valores
      </h2>
      <ul className={styles.values}>
        {values.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className={styles.value}>
              <span className={styles.valueIcon}>
                <Icon size={24} aria-hidden="true" />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
