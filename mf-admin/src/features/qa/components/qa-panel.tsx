/**
 * QA panel (admin.md 2 "Admin QA page", 4, 8): 'Executar QA' ('Verificando...' while the
 * service runs the checks), show/hide resolved, 'Baixar Relatório' (disabled with no issues;
 * toast 'Relatório baixado'), the four counters, and 'Problemas Encontrados': open issues (all
 * with resolved shown), each with its type icon, component, priority badge, description,
 * creation and resolution times, and 'Resolver' / 'Ignorar' while open.
 */
import { AlertTriangle, ClipboardCheck, Info, XCircle, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { qaStats, type QaIssue } from '@prata/contracts';
import { Badge, Button, Card, SkeletonText, formatDateTime, type BadgeVariant } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { useQaIssues } from '../api/get-qa-issues.ts';
import { useRunQa } from '../api/run-qa.ts';
import { useUpdateQaIssue } from '../api/update-qa-issue.ts';
import { downloadQaReport } from './qa-report.ts';
import styles from './qa.module.css';

const TYPE_ICONS: Record<QaIssue['type'], LucideIcon> = { error: XCircle, warning: AlertTriangle, info: Info };
const PRIORITY: Record<QaIssue['priority'], { label: string; variant: BadgeVariant }> = {
  critical: { label: 'Crítico', variant: 'danger' },
  high: { label: 'Alto', variant: 'warning' },
  medium: { label: 'Médio', variant: 'featured' },
  low: { label: 'Baixo', variant: 'neutral' },
};
const STATUS_LABEL: Record<QaIssue['status'], string> = { open: 'Aberto', resolved: 'Resolvido', ignored: 'Ignorado' };

function IssueItem({ issue }: { issue: QaIssue }) {
  const update = useUpdateQaIssue();
  const Icon = TYPE_ICONS[issue.type];
  return (
    <li className={styles.item} data-testid="qa-issue">
      <div className={styles.itemHead}>
        <p className={styles.itemTitle}>
          <Icon size={16} aria-label={issue.type} /> {issue.component}
        </p>
        <span>
          <Badge variant={PRIORITY[issue.priority].variant}>{PRIORITY[issue.priority].label}</Badge>{' '}
          {issue.status !== 'open' ? <Badge variant={issue.status === 'resolved' ? 'success' : 'neutral'}>{STATUS_LABEL[issue.status]}</Badge> : null}
        </span>
      </div>
      <p className={styles.description}>{issue.description}</p>
      <p className={styles.meta}>
        Criado em {formatDateTime(issue.createdAt)}
        {issue.resolvedAt ? ` · Resolvido em ${formatDateTime(issue.resolvedAt)}` : ''}
      </p>
      {issue.status === 'open' ? (
        <div className={styles.actions}>
          <Button size="sm" onClick={() => update.mutate({ id: issue.id, status: 'resolved' })} disabled={update.isPending} aria-label={`Resolver: ${issue.description}`}>
            Resolver
          </Button>
          <Button size="sm" variant="outline" onClick={() => update.mutate({ id: issue.id, status: 'ignored' })} disabled={update.isPending} aria-label={`Ignorar: ${issue.description}`}>
            Ignorar
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function QaPanel() {
  const { data: issues = [], isPending } = useQaIssues();
  const run = useRunQa();
  const [showResolved, setShowResolved] = useState(false);
  const stats = qaStats(issues);
  const visible = showResolved ? issues : issues.filter((issue) => issue.status === 'open');
  return (
    <Card
      title="Quality Assurance"
      icon={<ClipboardCheck size={20} aria-hidden="true" />}
      testId="qa-panel"
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={() => setShowResolved((value) => !value)} aria-pressed={showResolved}>
            {showResolved ? 'Ocultar Resolvidos' : 'Mostrar Resolvidos'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={issues.length === 0}
            onClick={() => {
              downloadQaReport(issues);
              toast.success('Relatório baixado');
            }}
          >
            Baixar Relatório
          </Button>
          <Button size="sm" onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? 'Verificando...' : 'Executar QA'}
          </Button>
        </>
      }
    >
      <div className={styles.counters}>
        {[
          ['Total', stats.total],
          ['Pendentes', stats.open],
          ['Críticos', stats.critical],
          ['Resolvidos', stats.resolved],
        ].map(([label, value]) => (
          <div key={label} className={styles.counter} data-testid={`qa-count-${label}`}>
            <p className={styles.counterLabel}>{label}</p>
            <p className={styles.counterValue}>{value}</p>
          </div>
        ))}
      </div>
      <h3 className={styles.subtitle}>Problemas Encontrados</h3>
      {isPending ? (
        <SkeletonText lines={3} />
      ) : visible.length === 0 ? (
        <p className={styles.empty}>{issues.length === 0 ? 'Execute uma verificação QA para analisar o sistema' : 'Nenhum problema pendente encontrado!'}</p>
      ) : (
        <ul className={styles.list}>
          {visible.map((issue) => (
            <IssueItem key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
    </Card>
  );
}
