/**
 * Pending admin registrations (admin.md 2, 6): registrations waiting for the e-mail
 * confirmation or for an admin's approval. A confirmed one can be approved (409 admin_limit ->
 * 'Limite máximo de 3 administradores atingido'); any pending one can be refused.
 */
import { useEffect } from 'react';
import type { AdminRegistration } from '@prata/contracts';
import { Alert, Badge, Button, toast } from '@prata/shared-ui';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useApproveAdminRegistration } from '../api/approve-admin-registration.ts';
import { useAdminRegistrations } from '../api/get-admin-registrations.ts';
import { useRejectAdminRegistration } from '../api/reject-admin-registration.ts';
import { UsersSkeleton, initialsOf } from './user-list.tsx';
import styles from './accounts.module.css';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

const STATUS_LABELS: Partial<Record<AdminRegistration['status'], string>> = {
  pending_confirmation: 'Aguardando confirmação do email',
  pending_approval: 'Aguardando aprovação',
};

export function PendingRegistrations() {
  const { data, isPending, isError } = useAdminRegistrations();
  const approve = useApproveAdminRegistration();
  const reject = useRejectAdminRegistration();

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar registros de administrador');
  }, [isError]);

  if (isPending) return <UsersSkeleton label="Carregando registros..." />;
  if (isError) return <Alert variant="danger" className={styles.error}>Erro ao carregar registros de administrador</Alert>;
  const pending = data.filter((registration) => registration.status in STATUS_LABELS);
  if (pending.length === 0) return <p className={styles.muted}>Nenhum registro pendente.</p>;

  const onApprove = (registration: AdminRegistration) =>
    approve.mutate(registration.id, {
      onSuccess: () => toast.success('Administrador aprovado', { description: `${registration.email} agora tem acesso ao painel.` }),
      onError: (error) =>
        errorCode(error) === 'admin_limit'
          ? toast.error('Limite máximo de 3 administradores atingido')
          : toast.error('Erro ao aprovar registro', { description: errorMessage(error, 'Tente novamente em alguns instantes') }),
    });
  const onReject = (registration: AdminRegistration) =>
    reject.mutate(registration.id, {
      onSuccess: () => toast.success('Registro recusado', { description: registration.email }),
      onError: (error) => toast.error('Erro ao recusar registro', { description: errorMessage(error, 'Tente novamente em alguns instantes') }),
    });
  const busy = approve.isPending || reject.isPending;

  return (
    <ul className={styles.list} aria-label="Registros pendentes">
      {pending.map((registration) => (
        <li key={registration.id} className={styles.row}>
          <span className={styles.avatar} aria-hidden="true">
            {initialsOf(registration.fullName, registration.email)}
          </span>
          <div className={styles.who}>
            <p className={styles.name}>
              {registration.fullName} <Badge>{STATUS_LABELS[registration.status]}</Badge>
            </p>
            <p className={styles.meta}>
              {registration.email} · solicitado em <time dateTime={registration.createdAt}>{dateTime.format(new Date(registration.createdAt))}</time>
            </p>
          </div>
          <div className={styles.rowActions}>
            {registration.status === 'pending_approval' ? (
              <Button size="sm" disabled={busy} onClick={() => onApprove(registration)} aria-label={`Aprovar ${registration.email}`}>
                Aprovar
              </Button>
            ) : null}
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onReject(registration)} aria-label={`Recusar ${registration.email}`}>
              Recusar
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
