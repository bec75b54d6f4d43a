/** A titled section of the component gallery, with labelled specimens. */
import type { ReactNode } from 'react';
import { Card } from '@prata/shared-ui';
import styles from './gallery.module.css';

export function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} id={id} data-testid={`gallery-${id}`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      <div className={styles.specimens}>{children}</div>
    </section>
  );
}

/** One state of a component, with its name. */
export function Specimen({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Card padding="sm" flat className={wide ? `${styles.specimen} ${styles.wide}` : styles.specimen}>
      <p className={styles.specimenLabel}>{label}</p>
      <div className={styles.preview}>{children}</div>
    </Card>
  );
}
