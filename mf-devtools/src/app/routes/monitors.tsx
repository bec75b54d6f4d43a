/** `/developer/monitores`: whether what runs in the background stopped (the scheduled jobs), whether the store answers (uptime), and the alert rules on them. */
import { AlertsCard } from '../../features/monitors/components/alerts-card.tsx';
import { JobMonitorsCard } from '../../features/monitors/components/job-monitors-card.tsx';
import { UptimeCard } from '../../features/monitors/components/uptime-card.tsx';
import styles from './routes.module.css';

export function MonitorsRoute() {
  return (
    <>
      <header>
        <h1 className={styles.title}>Monitores</h1>
        <p className={styles.lead}>Veja se a loja responde e se as tarefas periódicas do serviço continuam rodando: expiração de PIX, NF-e, rastreio, avisos de estoque e as demais.</p>
      </header>
      <div className={styles.stack}>
        <UptimeCard />
        <JobMonitorsCard />
        <AlertsCard />
      </div>
    </>
  );
}
