/** `/developer` index: the developer dashboard (admin.md 2); a later issue fills it. */
import styles from './routes.module.css';

export function DeveloperDashboardRoute() {
  return (
    <>
      <header>
        <h1 className={styles.title}>Dashboard de Desenvolvimento</h1>
        <p className={styles.lead}>Erros do sistema, status do banco de dados e desempenho.</p>
      </header>
      <section className={styles.panel} aria-labelledby="developer-soon">
        <h2 id="developer-soon">Em breve</h2>
        <p>O log de erros em tempo real e as métricas do sistema estarão disponíveis em breve.</p>
      </section>
    </>
  );
}
