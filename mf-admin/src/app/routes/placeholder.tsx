/** Tabs a later issue fills (admin.md 2): dashboard, products, sales, content, social, QA. */
import { Construction } from 'lucide-react';
import { PageHeader } from './page-header.tsx';
import styles from './routes.module.css';
import { Card } from '@prata/shared-ui';

export function PlaceholderRoute({ title, lead }: { title: string; lead: string }) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Card title="Em breve" icon={<Construction size={20} aria-hidden="true" />}>
        <p className={styles.placeholder}>Esta seção do painel estará disponível em breve.</p>
      </Card>
    </>
  );
}
