/** `/developer` index: the developer dashboard (admin.md 2); a later issue fills it. */
import { Card } from '@prata/shared-ui';
import styles from './routes.module.css';

export function DeveloperDashboardRoute() {
  return (
    <>
      <header>
        <h1 className={styles.title}>Dashboard de Desenvolvimento</h1>
        <p className={styles.lead}>Erros do sistema, status do banco de dados e desempenho.</p>
      </header>
      <Card title="Em breve" className={styles.panel}>
        <p>O log de erros em tempo real e as métricas do sistema estarão disponíveis em breve.</p>
      </Card>
    </>
  );
}
