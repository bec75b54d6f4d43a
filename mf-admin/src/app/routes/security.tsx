/** `/admin/security` (admin.md 2, 4, 5, 8, 9): two-factor setup and session information. */
import { SecurityStatusCard } from '../../features/security/components/security-status-card.tsx';
import { TwoFactorCard } from '../../features/security/components/two-factor-card.tsx';
import { PageHeader } from './page-header.tsx';
import styles from './routes.module.css';

export function SecurityRoute() {
  return (
    <>
      <PageHeader title="Segurança" lead="Autenticação de dois fatores e informações da sua sessão." />
      <div className={styles.grid}>
        <TwoFactorCard />
        <SecurityStatusCard />
      </div>
    </>
  );
}
