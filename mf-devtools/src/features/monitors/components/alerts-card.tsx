/**
 * 'Alertas': the alert rules (what, threshold, window, channel and destination, muted until when,
 * last firing) with mute for an hour / unmute and delete, the new rule form, and the newest
 * firings with their summary and how the delivery went. Refreshed every minute.
 */
import { BellRing } from 'lucide-react';
import { ALERT_RULE_KIND_LABELS, type AlertRule } from '@prata/contracts';
import { Badge, Button, Card, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { useDeleteAlertRule } from '../api/delete-alert-rule.ts';
import { useAlertFirings } from '../api/get-alert-firings.ts';
import { useAlertRules } from '../api/get-alert-rules.ts';
import { useUpdateAlertRule } from '../api/update-alert-rule.ts';
import { AlertRuleForm } from './alert-rule-form.tsx';
import styles from './monitors.module.css';

const MUTE_MS = 60 * 60 * 1000;

/** Whether `rule` is muted at `now` (ms). */
export function isMuted(rule: Pick<AlertRule, 'mutedUntil'>, now: number): boolean {
  return rule.mutedUntil !== null && Date.parse(rule.mutedUntil) > now;
}

/** The rule as sent back with `mutedUntil` changed. */
function withMute(rule: AlertRule, mutedUntil: string | null) {
  const { name, kind, threshold, windowMinutes, channel, destination } = rule;
  return { name, kind, threshold, windowMinutes, channel, destination, mutedUntil };
}

/** @param now when the rules were fetched, ms (whether a rule is muted is judged then). */
function RuleRows({ rules, now }: { rules: AlertRule[]; now: number }) {
  const update = useUpdateAlertRule();
  const remove = useDeleteAlertRule();
  const failed = () => toast.error('Erro ao salvar', { description: 'Tente novamente em alguns instantes.' });
  return (
    <Table caption="Regras de alerta" hideCaption variant="compact" data-testid="alert-rules">
      <thead>
        <tr>
          <th scope="col">Regra</th>
          <th scope="col">Quando</th>
          <th scope="col">Canal</th>
          <th scope="col">Último disparo</th>
          <th scope="col">Ações</th>
        </tr>
      </thead>
      <tbody>
        {rules.map((rule) => (
          <tr key={rule.id} data-testid="alert-rule">
            <th scope="row">
              {rule.name} {isMuted(rule, now) ? <Badge variant="neutral">Silenciada até {formatDateTime(rule.mutedUntil!)}</Badge> : null}
            </th>
            <td>
              {ALERT_RULE_KIND_LABELS[rule.kind]}
              <div className={styles.small}>
                ≥ {rule.threshold} em {rule.windowMinutes} min
              </div>
            </td>
            <td>
              {rule.channel === 'email' ? 'E-mail' : 'Webhook'}
              <div className={styles.small}>{rule.destination}</div>
            </td>
            <td>{rule.lastFiredAt ? formatDateTime(rule.lastFiredAt) : 'Nunca'}</td>
            <td className={styles.actions}>
              {isMuted(rule, now) ? (
                <Button size="sm" variant="outline" onClick={() => update.mutate({ id: rule.id, rule: withMute(rule, null) }, { onError: failed })}>
                  Reativar
                </Button>
              ) : (
                <Button size="sm" variant="outline" onClick={() => update.mutate({ id: rule.id, rule: withMute(rule, new Date(Date.now() + MUTE_MS).toISOString()) }, { onError: failed })}>
                  Silenciar 1 h
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => remove.mutate(rule.id, { onError: failed })} aria-label={`Excluir a regra ${rule.name}`}>
                Excluir
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function Firings() {
  const firings = useAlertFirings();
  if (firings.isPending) return <SkeletonText lines={3} />;
  if (firings.isError) return <p className={styles.muted}>Não foi possível carregar os disparos.</p>;
  if (firings.data.length === 0) return <p className={styles.muted}>Nenhum alerta disparado.</p>;
  return (
    <Table caption="Disparos" hideCaption variant="compact" data-testid="alert-firings">
      <thead>
        <tr>
          <th scope="col">Quando</th>
          <th scope="col">Regra</th>
          <th scope="col">Resumo</th>
          <th scope="col">Entrega</th>
        </tr>
      </thead>
      <tbody>
        {firings.data.map((firing) => (
          <tr key={firing.id}>
            <td>{formatDateTime(firing.firedAt)}</td>
            <th scope="row">{firing.ruleName}</th>
            <td>{firing.summary}</td>
            <td>
              {firing.delivery === 'sent' ? <Badge variant="success">Enviado</Badge> : <Badge variant="danger">Falhou</Badge>}
              {firing.deliveryError ? <div className={styles.error}>{firing.deliveryError}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function AlertsCard() {
  const rules = useAlertRules();
  return (
    <Card title="Alertas" icon={<BellRing size={20} aria-hidden="true" />} description="Regras avisadas por e-mail ou webhook; uma regra que continua valendo dispara uma vez por janela">
      {rules.isPending ? (
        <SkeletonText lines={3} />
      ) : rules.isError ? (
        <p className={styles.muted}>Não foi possível carregar as regras.</p>
      ) : rules.data.length === 0 ? (
        <p className={styles.muted}>Nenhuma regra de alerta.</p>
      ) : (
        <RuleRows rules={rules.data} now={rules.dataUpdatedAt} />
      )}
      <h3 className={styles.subtitle}>Nova regra</h3>
      <AlertRuleForm />
      <h3 className={styles.subtitle}>Disparos recentes</h3>
      <Firings />
    </Card>
  );
}
