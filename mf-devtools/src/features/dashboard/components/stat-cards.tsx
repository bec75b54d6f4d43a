/** The four stat cards of the developer dashboard (admin.md 2): '...' while loading. */
import { AlertTriangle, Bug, Package, ShoppingCart } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import { useDeveloperStats } from '../api/get-developer-stats.ts';
import styles from './dashboard.module.css';

export function StatCards() {
  const { data } = useDeveloperStats();
  const cards = [
    { label: 'Erros Ativos', value: data?.activeErrors, icon: AlertTriangle },
    { label: 'Total de Erros', value: data?.totalErrors, icon: Bug },
    { label: 'Produtos Ativos', value: data?.activeProducts, icon: Package },
    { label: 'Total de Pedidos', value: data?.totalOrders, icon: ShoppingCart },
  ];
  return (
    <div className={styles.stats}>
      {cards.map(({ label, value, icon: Icon }) => (
        <Card key={label} padding="md" testId={`stat-${label}`}>
          <p className={styles.statLabel}>
            <Icon size={16} aria-hidden="true" /> {label}
          </p>
          <p className={styles.statValue}>{value === undefined ? '...' : value}</p>
        </Card>
      ))}
    </div>
  );
}
