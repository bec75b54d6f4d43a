/**
 * A bar chart of revenue per period (recharts), e.g. the dashboard's week or the sales report's
 * months. The figures are also in a table for assistive technology (the chart is hidden from it).
 * Values are BRL cents.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, formatBRL } from '@prata/shared-ui';
import styles from './admin-components.module.css';

export interface RevenuePoint {
  label: string;
  revenueCents: number;
  orders: number;
}

const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

export function RevenueChart({ data, caption, periodHeader }: { data: readonly RevenuePoint[]; caption: string; periodHeader: string }) {
  return (
    <figure className={styles.chart}>
      <div className={styles.chartCanvas} aria-hidden="true">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart accessibilityLayer={false} data={data.map((point) => ({ ...point, reais: point.revenueCents / 100 }))} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e3e1dc" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} stroke="#545a63" />
            <YAxis tickFormatter={(value: number) => compact.format(value)} tickLine={false} axisLine={false} fontSize={12} width={72} stroke="#545a63" />
            <Tooltip formatter={(value) => [formatBRL(Math.round(Number(value) * 100)), 'Receita']} cursor={{ fill: '#f1f2f4' }} />
            <Bar dataKey="reais" fill="#7a4f2a" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table caption={caption} hideCaption variant="compact">
        <thead>
          <tr>
            <th scope="col">{periodHeader}</th>
            <th scope="col">Receita</th>
            <th scope="col">Pedidos</th>
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{formatBRL(point.revenueCents)}</td>
              <td>{point.orders}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </figure>
  );
}
