/**
 * System status panel (admin.md 2): runs on load and on 'Verificar Novamente'; counts of working,
 * warnings and errors; per check its name, message, details and badge (OK, ERRO, AVISO,
 * VERIFICANDO while a check runs). Every check is run by the service against the real system.
 */
import { ServerCog } from 'lucide-react';
import { HEALTH_BADGES, type HealthCheck } from '@prata/contracts';
import { Badge, Button, Card, type BadgeVariant } from '@prata/shared-ui';
import { useSystemStatus } from '../api/get-system-status.ts';
import styles from './qa.module.css';

const VARIANT: Record<HealthCheck['status'], BadgeVariant> = { success: 'success', error: 'danger', warning: 'warning', pending: 'neutral' };

export function SystemStatusPanel() {
  const { data, isFetching, isError, refetch } = useSystemStatus();
  const checks: HealthCheck[] = (data?.checks ?? []).map((check) => (isFetching ? { ...check, status: 'pending' } : check));
  const shown = checks.length > 0 ? checks : [{ id: 'all', name: 'Sistema', status: 'pending', message: 'Verificando...', details: null } satisfies HealthCheck];
  const count = (status: HealthCheck['status']) => (isFetching ? 0 : checks.filter((check) => check.status === status).length);
  return (
    <Card
      title="Status do Sistema"
      icon={<ServerCog size={20} aria-hidden="true" />}
      actions={
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Verificar Novamente
        </Button>
      }
      testId="system-status"
    >
      <div className={styles.counters}>
        <div className={styles.counter}>
          <p className={styles.counterLabel}>Funcionando</p>
          <p className={styles.counterValue}>{count('success')}</p>
        </div>
        <div className={styles.counter}>
          <p className={styles.counterLabel}>Avisos</p>
          <p className={styles.counterValue}>{count('warning')}</p>
        </div>
        <div className={styles.counter}>
          <p className={styles.counterLabel}>Erros</p>
          <p className={styles.counterValue}>{count('error')}</p>
        </div>
      </div>
      {isError && !isFetching ? (
        <p className={styles.empty}>Erro inesperado: não foi possível consultar o status do sistema.</p>
      ) : (
        <ul className={styles.checks} aria-busy={isFetching}>
          {shown.map((check) => (
            <li key={check.id} className={styles.check} data-testid={`health-${check.id}`}>
              <div>
                <p className={styles.checkName}>{check.name}</p>
                <p className={styles.checkMessage}>{check.message}</p>
                {check.details ? <p className={styles.checkDetails}>{check.details}</p> : null}
              </div>
              <Badge variant={VARIANT[check.status]}>{HEALTH_BADGES[check.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
