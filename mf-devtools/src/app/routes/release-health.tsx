/** `/developer/saude`: release health of each remote from real users. */
import { ReleaseHealthCard } from '../../features/release-health/components/release-health-card.tsx';
import styles from './routes.module.css';

export function ReleaseHealthRoute() {
  return (
    <>
      <header>
        <h1 className={styles.title}>Saúde das versões</h1>
        <p className={styles.lead}>Compare a versão ativa de cada remote com o canário e a versão anterior, medidas em visitantes reais.</p>
      </header>
      <ReleaseHealthCard />
    </>
  );
}
