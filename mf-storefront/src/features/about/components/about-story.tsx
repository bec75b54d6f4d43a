/**
 * The store's story (storefront.md 2 "/sobre"). The text itself is given by the page (the
 * editable `about_us` section, or {@link ABOUT_STORY_FALLBACK} when it cannot be loaded).
 */
import type { ReactNode } from 'react';
import styles from './about.module.css';

/** The story shown when the `about_us` section cannot be loaded (same as its default text). */
export const ABOUT_STORY_FALLBACK = `A Prata 925 nasceu da paixão por joias que acompanham a história de quem as usa. Começamos pequenos, escolhendo cada peça à mão, e hoje enviamos anéis, brincos, colares e pulseiras de prata 925 legítima para todo o Brasil.

Trabalhamos apenas com prata de lei, com certificado de autenticidade, e revisamos cada joia antes do envio. Acreditamos que uma joia bonita não precisa ser inacessível: por isso oferecemos parcelamento em até 12x e garantia de 6 meses.`;

export function AboutStory({ children }: { children: ReactNode }) {
  return (
    <section className={`${styles.section} ${styles.story}`} aria-labelledby="historia-title">
      <h2 id="historia-title" className={styles.sectionTitle}>
        Nossa História
      </h2>
      {children}
    </section>
  );
}
