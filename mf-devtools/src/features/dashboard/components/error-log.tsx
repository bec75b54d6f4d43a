/**
 * Real-time error log (admin.md 2, 9): the 10 newest errors in a 400 px scroll area, each with its
 * type badge, time, message, page URL, where it came from (remote and version, occurrences), a
 * collapsible stack trace and 'Resolver' while unresolved. Empty: 'Nenhum erro detectado'.
 */
import { Activity } from 'lucide-react';
import { SYSTEM_ERRORS_SHOWN, type SystemErrorDto } from '@prata/contracts';
import { Badge, Button, Card, SkeletonText, formatDateTime, type BadgeVariant } from '@prata/shared-ui';
import { useSystemErrors } from '../api/get-system-errors.ts';
import { useResolveSystemError } from '../api/resolve-system-error.ts';
import styles from './dashboard.module.css';

const TYPE_VARIANT: Record<string, BadgeVariant> = {
  uncaught_error: 'danger',
  error_boundary: 'danger',
  unhandled_rejection: 'warning',
  remote_load_failure: 'warning',
};

function ErrorEntry({ error }: { error: SystemErrorDto }) {
  const resolve = useResolveSystemError();
  return (
    <li className={styles.entry} data-testid="system-error">
      <div className={styles.entryHead}>
        <div className={styles.entryMeta}>
          <Badge variant={TYPE_VARIANT[error.errorType] ?? (error.source === 'server' ? 'danger' : 'neutral')}>{error.errorType}</Badge>
          <time dateTime={error.lastSeenAt}>{formatDateTime(error.lastSeenAt)}</time>
          {error.remote ? <span>{error.version ? `${error.remote}@${error.version}` : error.remote}</span> : null}
          {error.count > 1 ? <span>{error.count}× ocorrências</span> : null}
          {error.resolved ? <Badge variant="success">Resolvido</Badge> : null}
        </div>
        {!error.resolved ? (
          <Button size="sm" variant="outline" onClick={() => resolve.mutate(error.id)} disabled={resolve.isPending} aria-label={`Resolver: ${error.errorMessage}`}>
            Resolver
          </Button>
        ) : null}
      </div>
      <p className={styles.message}>{error.errorMessage}</p>
      {error.pageUrl ? <p className={styles.url}>{error.pageUrl}</p> : null}
      {error.errorStack ? (
        <details className={styles.stack}>
          <summary>Stack trace</summary>
          <pre>{error.errorStack}</pre>
        </details>
      ) : null}
    </li>
  );
}

export function ErrorLog() {
  const { data, isPending, isError } = useSystemErrors();
  const shown = (data ?? []).slice(0, SYSTEM_ERRORS_SHOWN);
  return (
    <Card title="Log de Erros em Tempo Real" icon={<Activity size={20} aria-hidden="true" />} description={`Os ${SYSTEM_ERRORS_SHOWN} erros mais recentes`}>
      {isPending ? (
        <SkeletonText lines={4} />
      ) : isError ? (
        <p className={styles.empty}>Não foi possível carregar os erros.</p>
      ) : shown.length === 0 ? (
        <p className={styles.empty}>Nenhum erro detectado</p>
      ) : (
        <ul className={styles.log} tabIndex={0} aria-label="Erros recentes" data-testid="error-log">
          {shown.map((error) => (
            <ErrorEntry key={error.id} error={error} />
          ))}
        </ul>
      )}
    </Card>
  );
}
