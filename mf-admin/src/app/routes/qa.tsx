/** `/admin/qa` (admin.md 2 "Admin QA page"): the system status panel above the QA panel, and the manual checklist. */
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
        <QaPanel />
        <ManualChecklist />
      </div>
    </>
  );
}
