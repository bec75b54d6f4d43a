/** The store's values (storefront.md 2 "/sobre": quality, passion, excellence). */
import { Award, Gem, Heart } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import styles from './about.module.css';

export const ABOUT_VALUES = [
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
    text: 'Atendimento próximo, resposta em até 24 horas, frete grátis e garantia de 6 meses em todas as peças.',
  },
] as const;

export function AboutValues() {
  return (
    <section className={styles.section} aria-labelledby="valores-title">
      <h2 id="valores-title" className={styles.sectionTitle}>
        Nossos Valores
      </h2>
      <ul className={styles.values}>
        {ABOUT_VALUES.map(({ icon: Icon, title, text }) => (
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
