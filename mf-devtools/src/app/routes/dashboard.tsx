/**
 * `/developer` index: the developer dashboard (admin.md 2 "Developer dashboard"): stat
 * cards, the real-time error log, database status with 'Realtime Ativo', performance and the
 * deployments of every remote, the composition map (the shell and each remote's builds with their
 * shared libraries; loaded on demand) and the dead letters (handlers that failed every
 * retry); kept live over the realtime channels.
 */
import { lazy, Suspense } from 'react';
import { SkeletonText } from '@prata/shared-ui';
import { DeadLettersCard } from '../../features/dashboard/components/dead-letters-card.tsx';
import { DatabaseStatus } from '../../features/dashboard/components/database-status.tsx';
import { DeploymentsCard } from '../../features/dashboard/components/deployments-card.tsx';
import { ErrorLog } from '../../features/dashboard/components/error-log.tsx';
import { PerformanceCard } from '../../features/dashboard/components/performance-card.tsx';
import { StatCards } from '../../features/dashboard/components/stat-cards.tsx';
import { useLiveDashboard } from '../../features/dashboard/hooks/use-live-dashboard.ts';
import layout from '../../features/dashboard/components/dashboard.module.css';
import styles from './routes.module.css';

const CompositionCard = lazy(() => import('../../features/dashboard/components/composition-card.tsx'));

export function DeveloperDashboardRoute() {
  useLiveDashboard();
  return (
    <>
      <header>
        <h1 className={styles.title}>Dashboard de Desenvolvimento</h1>
        <p className={styles.lead}>Erros do sistema, status do banco de dados e desempenho.</p>
      </header>
      <StatCards />
      <div className={layout.grid}>
        <ErrorLog />
        <div className={layout.side}>
          <DatabaseStatus />
          <PerformanceCard />
        </div>
      </div>
      <div className={layout.full}>
        <DeploymentsCard />
      </div>
      <div className={layout.full}>
        <Suspense fallback={<SkeletonText lines={4} />}>
          <CompositionCard />
        </Suspense>
      </div>
      <div className={layout.full}>
        <DeadLettersCard />
      </div>
    </>
  );
}
