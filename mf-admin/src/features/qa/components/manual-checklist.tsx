/**
 * The static manual checklist of the QA page (admin.md 2): features, interface, performance
 * (load under 3 s, Lighthouse above 85) and security.
 */
import { ListChecks } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import styles from './qa.module.css';

const GROUPS: { title: string; items: string[] }[] = [
  {
    title: 'Funcionalidades',
    items: ['Todos os botões funcionam', 'Formulários validam e salvam', 'Login e logout', 'CRUD de produtos', 'Checkout completo'],
  },
  {
    title: 'Interface',
    items: ['Layout responsivo (celular abaixo de 768 px)', 'Textos em português', 'Estados de carregamento', 'Mensagens de erro claras'],
  },
  { title: 'Performance', items: ['Carregamento abaixo de 3 s', 'Lighthouse acima de 85'] },
  {
    title: 'Segurança',
    items: ['Acesso por função (admin, desenvolvedor, cliente)', 'Rotas protegidas', 'Dados seguros', 'Validação de entradas', 'HTTPS'],
  },
];

export function ManualChecklist() {
  return (
    <Card title="Checklist Manual" icon={<ListChecks size={20} aria-hidden="true" />}>
      <div className={styles.groups}>
        {GROUPS.map((group) => (
          <section key={group.title} className={styles.group} aria-label={group.title}>
            <h3>{group.title}</h3>
            <ul>
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Card>
  );
}
