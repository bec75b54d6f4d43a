/**
 * `/admin/qa` (admin.md 2 "Admin QA page"): the system status panel, the e-mails whose delivery
 * failed, the QA panel and the manual checklist.
 */
import { FailedEmailsCard } from '../../features/failed-emails/components/failed-emails-card.tsx';
import { ManualChecklist } from '../../features/qa/components/manual-checklist.tsx';
import { QaPanel } from '../../features/qa/components/qa-panel.tsx';
import { SystemStatusPanel } from '../../features/qa/components/system-status-panel.tsx';
import { PageHeader } from './page-header.tsx';
import styles from '../../features/qa/components/qa.module.css';

export function QaRoute() {
  return (
    <>
      <PageHeader title="Quality Assurance" lead="Status do sistema e verificações de qualidade." />
      <div className={styles.stack}>
        <SystemStatusPanel />
        <FailedEmailsCard />
        <QaPanel />
        <ManualChecklist />
      </div>
    </>
  );
}
