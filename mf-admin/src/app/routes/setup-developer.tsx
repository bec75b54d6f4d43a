/** `/admin/setup-developer` (admin.md 2, 5, 8): grants developer (and admin) access. */
import { ArrowLeft, Code2 } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import { DeveloperSetupForm } from '../../features/accounts/components/developer-setup-form.tsx';
import { PageHeader } from './page-header.tsx';
import styles from './routes.module.css';
import { Card } from '@prata/shared-ui';

export function SetupDeveloperRoute() {
  return (
    <>
      <Link to="/admin" className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" /> Voltar ao painel
      </Link>
      <PageHeader title="Configurar Desenvolvedor" lead="Crie o acesso ao dashboard de desenvolvimento." />
      <div className={styles.narrow}>
        <Card title="Acesso de Desenvolvedor" icon={<Code2 size={20} aria-hidden="true" />}>
          <DeveloperSetupForm />
        </Card>
      </div>
    </>
  );
}
