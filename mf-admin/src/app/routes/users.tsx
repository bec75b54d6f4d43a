/** `/admin/users` (admin.md 2): create an administrator, pending registrations, the user list. */
import { UserCog, UserPlus, Users } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import { AdminRegistrationForm } from '../../features/accounts/components/admin-registration-form.tsx';
import { PendingRegistrations } from '../../features/accounts/components/pending-registrations.tsx';
import { UserList } from '../../features/accounts/components/user-list.tsx';
import { PageHeader } from './page-header.tsx';
import styles from './routes.module.css';
import { Card } from '@prata/shared-ui';

export function UsersRoute() {
  return (
    <>
      <PageHeader title="Usuários" lead="Administradores, desenvolvedores e clientes da loja (máximo de 3 administradores)." />
      <div className={styles.grid}>
        <Card title="Criar Novo Administrador" icon={<UserPlus size={20} aria-hidden="true" />}>
          <AdminRegistrationForm />
        </Card>
        <Card
          title="Registros Pendentes"
          description="Novos administradores confirmam o email e aguardam a aprovação de um administrador."
          icon={<UserCog size={20} aria-hidden="true" />}
          actions={
            <Link to="/admin/setup-developer" className={styles.back}>
              Configurar desenvolvedor
            </Link>
          }
        >
          <PendingRegistrations />
        </Card>
      </div>
      <Card title="Lista de Usuários" icon={<Users size={20} aria-hidden="true" />}>
        <UserList />
      </Card>
    </>
  );
}
