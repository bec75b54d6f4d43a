/**
 * The users tab's row actions (admin.md 2: view, edit, delete; delete only on non-admin rows):
 * 'Ver' shows profile, roles, creation, last sign-in and orders; 'Editar' changes the
 * name, the admin role (the service keeps the cap of 3, never removes the last admin nor your
 * own role, and says so) and the developer role (granted and revoked alike); 'Excluir' deletes a customer's account after a confirmation, erasing
 * the person's data while their orders stay, anonymised (LGPD).
 */
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MAX_ADMINS, type AdminUser } from '@prata/contracts';
import { Alert, Badge, Button, Checkbox, Dialog, Spinner, TextField, formatDateTime, toast, useSessionStore } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminUser, useDeleteAdminUser, useUpdateAdminUser } from '../api/manage-admin-user.ts';
import styles from './accounts.module.css';

export const ROLE_LABELS: Record<AdminUser['role'], string> = { admin: 'Administrador', developer: 'Desenvolvedor', user: 'Usuário' };

/** The three buttons of a row. */
export function UserRowActions({ user, onView }: { user: AdminUser; onView: (id: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = user.fullName ?? user.email;
  return (
    <span className={styles.rowActions}>
      <Button variant="ghost" size="icon" aria-label={`Ver ${name}`} onClick={() => onView(user.id)}>
        <Eye size={16} aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Editar ${name}`} onClick={() => setEditing(true)}>
        <Pencil size={16} aria-hidden="true" />
      </Button>
      {user.role === 'user' ? (
        <Button variant="ghost" size="icon" aria-label={`Excluir ${name}`} onClick={() => setDeleting(true)}>
          <Trash2 size={16} aria-hidden="true" />
        </Button>
      ) : null}
      <EditUserDialog user={user} open={editing} onClose={() => setEditing(false)} />
      <DeleteUserDialog user={user} open={deleting} onClose={() => setDeleting(false)} />
    </span>
  );
}

/** 'Ver': the account's details (also opened by a global search link, `?usuario=<id>`). */
export function UserDetailsDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { data, isPending, isError, error } = useAdminUser(userId);
  return (
    <Dialog open={userId !== null} onClose={onClose} title="Detalhes do Usuário">
      {isPending ? (
        <Spinner label="Carregando usuário..." showLabel />
      ) : isError ? (
        <Alert variant="danger">{errorMessage(error, 'Erro ao carregar usuários')}</Alert>
      ) : (
        <dl className={styles.details} data-testid="user-details">
          <dt>Nome</dt>
          <dd>{data.fullName ?? 'Nome não definido'}</dd>
          <dt>Email</dt>
          <dd>{data.email}</dd>
          <dt>Funções</dt>
          <dd>
            <Badge>{ROLE_LABELS[data.role]}</Badge>
          </dd>
          <dt>Criado em</dt>
          <dd>{formatDateTime(data.createdAt)}</dd>
          <dt>Último acesso</dt>
          <dd>{data.lastLoginAt ? formatDateTime(data.lastLoginAt) : 'Nunca entrou'}</dd>
          <dt>Pedidos</dt>
          <dd>{data.ordersCount}</dd>
          <dt>2FA</dt>
          <dd>{data.twoFactorEnabled ? 'Ativada' : 'Desativada'}</dd>
        </dl>
      )}
    </Dialog>
  );
}

function EditUserDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Editar Usuário" description={user.email}>
      {open ? <EditUserForm user={user} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const selfId = useSessionStore((state) => state.user?.id);
  // The list row names one role; the account's roles come with its details.
  const detail = useAdminUser(user.id);
  const roles = detail.data?.roles ?? [];
  const wasAdmin = roles.includes('admin');
  const wasDeveloper = roles.includes('developer');
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [isAdmin, setIsAdmin] = useState<boolean | null>(null);
  const [isDeveloper, setIsDeveloper] = useState<boolean | null>(null);
  const update = useUpdateAdminUser();
  const admin = isAdmin ?? wasAdmin;
  const developer = isDeveloper ?? wasDeveloper;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({
        id: user.id,
        update: { fullName, ...(admin !== wasAdmin ? { isAdmin: admin } : {}), ...(developer !== wasDeveloper ? { isDeveloper: developer } : {}) },
      });
      toast.success('Usuário atualizado');
      onDone();
    } catch (error) {
      toast.error('Erro ao atualizar usuário', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  if (detail.isPending) return <Spinner label="Carregando usuário..." showLabel />;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="Editar usuário">
      <TextField label="Nome completo" value={fullName} onChange={(event) => setFullName(event.target.value)} required maxLength={100} />
      <Checkbox
        label="Administrador"
        hint={user.id === selfId ? 'Você não pode remover o seu próprio acesso.' : `No máximo ${MAX_ADMINS} administradores.`}
        checked={admin}
        onChange={(event) => setIsAdmin(event.target.checked)}
        disabled={user.id === selfId && wasAdmin}
      />
      <Checkbox label="Desenvolvedor" hint="Acesso ao painel de desenvolvimento e às versões dos remotes." checked={developer} onChange={(event) => setIsDeveloper(event.target.checked)} />
      <div className={styles.dialogActions}>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={update.isPending}>
          Salvar
        </Button>
      </div>
    </form>
  );
}

function DeleteUserDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const remove = useDeleteAdminUser();
  const confirm = async () => {
    try {
      await remove.mutateAsync(user.id);
      toast.success('Usuário excluído', { description: 'Os dados pessoais foram apagados; os pedidos ficam guardados sem identificação.' });
      onClose();
    } catch (error) {
      toast.error('Erro ao excluir usuário', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title="Excluir Usuário"
      description={`Excluir a conta de ${user.fullName ?? user.email}? Nome, email, telefone e endereços serão apagados (LGPD). Os pedidos continuam no histórico da loja, sem identificação. Esta ação não pode ser desfeita.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={remove.isPending}>
            Excluir
          </Button>
        </>
      }
    />
  );
}
