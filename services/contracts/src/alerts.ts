/**
 * Alert rules of the developer area (`/developer/monitores`, 'Alertas'): what is watched, when a
 * rule fires, where it is told, and the record of each firing.
 *
 * A rule of `kind` fires when, over the last `windowMinutes`, its count reaches `threshold`:
 * - `missed_job`: periodic jobs late now (no run for two intervals plus the grace);
 * - `uptime_failure`: failed uptime checks;
 * - `new_issue`: new error groups (issues first seen) in the error tracker;
 * - `dead_letters`: work that failed its last retry (dead letters);
 * - `regression`: resolved error groups that came back in a newer version;
 * - `error_rate`: error events of one remote version (the busiest version's count);
 * - `crash_rate`: the share of one app version's sessions that crashed, in % (versions with at
 *   least {@link ALERT_MIN_SESSIONS} sessions in the window): a drop in crash-free sessions;
 * - `vitals_p75`: the 75th percentile of one app version's LCP, in ms (versions with at least
 *   {@link ALERT_MIN_VITAL_SAMPLES} samples in the window): a Web Vitals regression.
 * For the last three the threshold is that figure (events, %, ms), and the summary names each
 * version over it.
 * A rule that keeps matching fires once per window; a muted rule (`mutedUntil` in the future) does
 * not fire. Channels: `email` (the store's mail) or `webhook` (a POST of Slack's `{ "text": ... }`).
 */
import { z } from 'zod';

export const ALERT_RULE_KINDS = ['missed_job', 'uptime_failure', 'new_issue', 'dead_letters', 'regression', 'error_rate', 'crash_rate', 'vitals_p75'] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** What each kind counts, in pt-BR, for the panel and the messages. */
export const ALERT_RULE_KIND_LABELS: Readonly<Record<AlertRuleKind, string>> = {
  missed_job: 'Tarefa agendada atrasada',
  uptime_failure: 'Falha de disponibilidade',
  new_issue: 'Novo erro agrupado',
  dead_letters: 'Falhas definitivas',
  regression: 'Erro resolvido que voltou (regressão)',
  error_rate: 'Eventos de erro por versão',
  crash_rate: 'Sessões com falha por versão (%)',
  vitals_p75: 'LCP p75 por versão (ms)',
};

/** Sessions a version needs in the window before its crash rate is judged (`crash_rate`). */
export const ALERT_MIN_SESSIONS = 10;
/** LCP samples a version needs in the window before its p75 is judged (`vitals_p75`). */
export const ALERT_MIN_VITAL_SAMPLES = 10;

export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** How telling a firing went: `sent`, or `failed` with the reason. */
export const ALERT_DELIVERIES = ['sent', 'failed'] as const;

/** `POST /api/developer/alert-rules` and `PUT /api/developer/alert-rules/:id`. */
export const alertRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Informe um nome').max(80, 'Nome muito longo'),
    kind: z.enum(ALERT_RULE_KINDS, { error: 'Tipo de regra inválido' }),
    threshold: z.number({ error: 'Limite inválido' }).int('Limite inválido').min(1, 'O limite mínimo é 1').max(10_000, 'Limite muito alto'),
    windowMinutes: z.number({ error: 'Janela inválida' }).int('Janela inválida').min(1, 'A janela mínima é 1 minuto').max(10_080, 'A janela máxima é 7 dias'),
    channel: z.enum(ALERT_CHANNELS, { error: 'Canal inválido' }),
    /** The e-mail address (`email`) or the webhook URL (`webhook`). */
    destination: z.string().trim().min(1, 'Informe o destino').max(500, 'Destino muito longo'),
    mutedUntil: z.iso.datetime({ offset: true, error: 'Data inválida' }).nullable().default(null),
  })
  .superRefine((rule, context) => {
    if (rule.channel === 'email' && !z.email().safeParse(rule.destination).success) {
      context.addIssue({ code: 'custom', path: ['destination'], message: 'Email inválido' });
    }
    if (rule.channel === 'webhook' && !z.url({ protocol: /^https?$/ }).safeParse(rule.destination).success) {
      context.addIssue({ code: 'custom', path: ['destination'], message: 'URL inválida' });
    }
  });
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;

export const alertRuleParamsSchema = z.object({ id: z.uuid({ error: 'Regra inválida' }) });

export const alertRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  threshold: z.number().int(),
  windowMinutes: z.number().int(),
  channel: z.enum(ALERT_CHANNELS),
  destination: z.string(),
  mutedUntil: z.iso.datetime({ offset: true }).nullable(),
  lastFiredAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export const alertRuleListSchema = z.array(alertRuleSchema);

/** One firing of a rule, newest first in `GET /api/developer/alert-firings` (at most 100). */
export const alertFiringSchema = z.object({
  id: z.uuid(),
  ruleId: z.uuid().nullable(),
  ruleName: z.string(),
  firedAt: z.iso.datetime({ offset: true }),
  summary: z.string(),
  delivery: z.enum(ALERT_DELIVERIES),
  deliveryError: z.string().nullable(),
});
export type AlertFiring = z.infer<typeof alertFiringSchema>;
export const alertFiringListSchema = z.array(alertFiringSchema);

/** What `DELETE /api/developer/alert-rules/:id` answers (204, no body). */
export const alertRuleDeletionSchema = z.undefined();

/** Whole numbers as typed in a form field, within `min`..`max`. */
const typedInteger = (message: string, min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().int().min(min, message).max(max, message));

/** The developer area's new-rule form: the numbers as typed; its output is a rule to create (not muted). */
export const alertRuleFormSchema = z
  .object({
    name: z.string(),
    kind: z.enum(ALERT_RULE_KINDS, { error: 'Escolha o tipo' }),
    threshold: typedInteger('Informe um limite de 1 a 10000', 1, 10_000),
    windowMinutes: typedInteger('Informe uma janela de 1 a 10080 minutos', 1, 10_080),
    channel: z.enum(ALERT_CHANNELS, { error: 'Escolha o canal' }),
    destination: z.string(),
  })
  .transform((values): z.input<typeof alertRuleInputSchema> => ({ ...values, mutedUntil: null }))
  .pipe(alertRuleInputSchema);
