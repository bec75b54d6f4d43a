/** pt-BR labels of the issue states, levels, periods and orders. */
import type { ErrorIssueStatus, ErrorLevel } from '@prata/contracts';
import type { BadgeVariant } from '@prata/shared-ui';

export const STATUS_LABEL: Record<ErrorIssueStatus, string> = { unresolved: 'Não resolvido', resolved: 'Resolvido', ignored: 'Ignorado' };
export const STATUS_VARIANT: Record<ErrorIssueStatus, BadgeVariant> = { unresolved: 'danger', resolved: 'success', ignored: 'neutral' };
export const LEVEL_LABEL: Record<ErrorLevel, string> = { error: 'Erro', warning: 'Aviso' };
export const PERIOD_LABEL = { '24h': 'Últimas 24 horas', '7d': 'Últimos 7 dias', '30d': 'Últimos 30 dias' } as const;
export const SORT_LABEL = { lastSeen: 'Visto por último', count: 'Mais eventos', users: 'Mais usuários' } as const;

/** `1 evento` / `3 eventos`. */
export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
