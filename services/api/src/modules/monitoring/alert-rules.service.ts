/**
 * Alert rules (contracts/alerts.ts has what each kind counts): the developers' rules, kept in
 * `alert_rules`, and their evaluation by the `alert-evaluation` job. A rule fires when its count
 * over the last `windowMinutes` reaches `threshold`, unless it is muted (`mutedUntil` later than
 * now) or it already fired within its window (de-duplication: a rule that keeps matching fires
 * once per window). Each firing is told on the rule's channel (alert-delivery.ts) and recorded in
 * `alert_firings` with its summary and how the delivery went.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ALERT_MIN_SESSIONS, ALERT_MIN_VITAL_SAMPLES, ALERT_RULE_KIND_LABELS, type AlertFiring, type AlertRule, type AlertRuleInput } from '@prata/contracts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { outboundUrlProblem, type OutboundUrlPolicy } from '../../lib/outbound-url.ts';
import { AlertFiringRecord, AlertRuleRecord } from './alert.entities.ts';

const MINUTE_MS = 60_000;
/** Firings listed, newest first. */
const FIRINGS_LISTED = 100;

/** What a kind counts over a window: how many, and a few examples for the summary. */
interface Observation {
  count: number;
  examples: string[];
}

export interface AlertDeliveryChannel {
  /** Tells `rule`'s destination; resolves to the failure's reason, or null when delivered. */
  deliver(rule: AlertRuleRecord, subject: string, text: string): Promise<string | null>;
}

export interface AlertRulesOptions {
  clock: Clock;
  webhookPolicy: OutboundUrlPolicy;
  delivery: AlertDeliveryChannel;
  /** Names of the periodic jobs late now (job-monitor.service.ts). */
  lateJobs(): Promise<string[]>;
  /** Firings older than this are deleted by {@link AlertRulesService.prune}, days (`ALERT_FIRING_RETENTION_DAYS`). */
  firingRetentionDays: number;
}

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

function toRule(rule: AlertRuleRecord): AlertRule {
  return {
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    threshold: rule.threshold,
    windowMinutes: rule.windowMinutes,
    channel: rule.channel,
    destination: rule.destination,
    mutedUntil: iso(rule.mutedUntil),
    lastFiredAt: iso(rule.lastFiredAt),
    createdAt: iso(rule.createdAt)!,
  };
}

const toFiring = (firing: AlertFiringRecord): AlertFiring => ({
  id: firing.id,
  ruleId: firing.ruleId ?? null,
  ruleName: firing.ruleName,
  firedAt: iso(firing.firedAt)!,
  summary: firing.summary,
  delivery: firing.delivery,
  deliveryError: firing.deliveryError ?? null,
});

/** Count and examples of rows of `sql` (which selects `label` where its time column is after `?`). */
async function observe(em: EntityManager, sql: string, since: Date): Promise<Observation> {
  const rows = await em.getConnection().execute<{ label: string | null }[]>(sql, [since]);
  return { count: rows.length, examples: [...new Set(rows.map(({ label }) => label ?? '?'))].slice(0, 5) };
}

/**
 * The highest `value` of the rows of `sql` (which selects `label` and `value` per remote version
 * over the window after `?`, highest first), and the versions at or over `threshold`.
 */
async function peak(em: EntityManager, sql: string, since: Date, threshold: number, unit: string): Promise<Observation> {
  const rows = await em.getConnection().execute<{ label: string; value: number }[]>(sql, [since]);
  return { count: Math.round(rows[0]?.value ?? 0), examples: rows.filter(({ value }) => value >= threshold).slice(0, 5).map(({ label, value }) => `${label}: ${Math.round(value)}${unit}`) };
}

/** The SQL of each counted kind: one row per counted thing, its `label` shown in the summary. */
const WINDOWED_SQL: Readonly<Record<'uptime_failure' | 'new_issue' | 'dead_letters' | 'regression', string>> = {
  uptime_failure: "select target as label from uptime_checks where outcome = 'down' and checked_at > ? order by checked_at desc limit 10000",
  new_issue: "select error_type || ': ' || left(error_message, 120) as label from system_errors where created_at > ? order by created_at desc limit 10000",
  dead_letters: 'select handler as label from dead_letters where created_at > ? order by created_at desc limit 10000',
  regression: "select error_type || ': ' || left(error_message, 120) as label from system_errors where regressed_at > ? and status = 'unresolved' order by regressed_at desc limit 10000",
};

/** The SQL of each per-version kind: `label` (remote and version) and `value`, highest first. */
const PEAK_SQL: Readonly<Record<'error_rate' | 'crash_rate' | 'vitals_p75', { sql: string; unit: string }>> = {
  error_rate: {
    sql: `select coalesce(e.remote, '-') || ' ' || v.version as label, sum(v.count)::int as value
            from system_error_versions v join system_errors e on e.id = v.issue_id
           where v.minute > ? and e.level = 'error' group by e.remote, v.version order by value desc limit 20`,
    unit: ' eventos',
  },
  crash_rate: {
    sql: `select app || ' ' || version as label, 100.0 * count(*) filter (where crashed) / count(*) as value
            from release_sessions where last_seen_at > ? group by app, version
          having count(*) >= ${ALERT_MIN_SESSIONS} order by value desc limit 20`,
    unit: ' % das sessões com falha',
  },
  vitals_p75: {
    sql: `select app || ' ' || version as label, percentile_cont(0.75) within group (order by value) as value
            from web_vital_samples where metric = 'LCP' and occurred_at > ? group by app, version
          having count(*) >= ${ALERT_MIN_VITAL_SAMPLES} order by value desc limit 20`,
    unit: ' ms',
  },
};

export class AlertRulesService {
  private readonly options: AlertRulesOptions;

  constructor(options: AlertRulesOptions) {
    this.options = options;
  }

  async list(em: EntityManager): Promise<AlertRule[]> {
    return (await em.find(AlertRuleRecord, {}, { orderBy: { createdAt: 'asc' } })).map(toRule);
  }

  /** @throws ValidationError (400) when a webhook URL is refused (see lib/outbound-url.ts). */
  async create(em: EntityManager, input: AlertRuleInput): Promise<AlertRule> {
    this.checkDestination(input);
    const rule = em.create(AlertRuleRecord, { ...input, mutedUntil: input.mutedUntil ? new Date(input.mutedUntil) : null, lastFiredAt: null, createdAt: this.options.clock.now() });
    await em.flush();
    return toRule(rule);
  }

  /** @throws NotFoundError (404) for an unknown rule; ValidationError (400) for a refused webhook URL. */
  async update(em: EntityManager, id: string, input: AlertRuleInput): Promise<AlertRule> {
    this.checkDestination(input);
    const rule = await em.findOne(AlertRuleRecord, { id });
    if (!rule) throw new NotFoundError('Regra de alerta não encontrada');
    em.assign(rule, { ...input, mutedUntil: input.mutedUntil ? new Date(input.mutedUntil) : null });
    await em.flush();
    return toRule(rule);
  }

  /** @throws NotFoundError (404) for an unknown rule. Its firings stay, with its name. */
  async remove(em: EntityManager, id: string): Promise<void> {
    const deleted = await em.nativeDelete(AlertRuleRecord, { id });
    if (deleted === 0) throw new NotFoundError('Regra de alerta não encontrada');
    await em.nativeUpdate(AlertFiringRecord, { ruleId: id }, { ruleId: null });
  }

  async firings(em: EntityManager): Promise<AlertFiring[]> {
    return (await em.find(AlertFiringRecord, {}, { orderBy: { firedAt: 'desc' }, limit: FIRINGS_LISTED })).map(toFiring);
  }

  /** Deletes the firings older than the retention (the `monitor-retention` job); returns how many. */
  async prune(em: EntityManager): Promise<number> {
    return em.nativeDelete(AlertFiringRecord, { firedAt: { $lt: new Date(this.options.clock.now().getTime() - this.options.firingRetentionDays * 24 * 60 * MINUTE_MS) } });
  }

  /** Evaluates every rule now (the job); returns how many fired. */
  async evaluate(em: EntityManager): Promise<number> {
    const now = this.options.clock.now();
    const rules = await em.find(AlertRuleRecord, {}, { orderBy: { createdAt: 'asc' } });
    let fired = 0;
    let late: string[] | null = null;
    for (const rule of rules) {
      const windowMs = rule.windowMinutes * MINUTE_MS;
      if (rule.mutedUntil && rule.mutedUntil.getTime() > now.getTime()) continue;
      if (rule.lastFiredAt && now.getTime() - rule.lastFiredAt.getTime() < windowMs) continue;
      let observation: Observation;
      const since = new Date(now.getTime() - windowMs);
      if (rule.kind === 'missed_job') {
        late ??= await this.options.lateJobs();
        observation = { count: late.length, examples: late.slice(0, 5) };
      } else if (rule.kind === 'error_rate' || rule.kind === 'crash_rate' || rule.kind === 'vitals_p75') {
        observation = await peak(em, PEAK_SQL[rule.kind].sql, since, rule.threshold, PEAK_SQL[rule.kind].unit);
      } else {
        observation = await observe(em, WINDOWED_SQL[rule.kind], since);
      }
      if (observation.count < rule.threshold) continue;
      const summary = `${ALERT_RULE_KIND_LABELS[rule.kind]}: ${observation.count} nos últimos ${rule.windowMinutes} min (limite ${rule.threshold}). ${observation.examples.join('; ')}`.trim();
      // Stamped before telling, so a slow or failing channel cannot make the rule fire twice in its window.
      rule.lastFiredAt = now;
      await em.flush();
      const error = await this.options.delivery.deliver(rule, `[Alerta] ${rule.name}`, `[Alerta] ${rule.name}\n${summary}`).catch((cause: unknown) => (cause instanceof Error ? cause.message : String(cause)));
      em.create(AlertFiringRecord, { ruleId: rule.id, ruleName: rule.name, firedAt: now, summary, delivery: error === null ? 'sent' : 'failed', deliveryError: error });
      await em.flush();
      fired += 1;
    }
    return fired;
  }

  private checkDestination(input: AlertRuleInput): void {
    if (input.channel !== 'webhook') return;
    const problem = outboundUrlProblem(input.destination, this.options.webhookPolicy);
    if (problem) throw new ValidationError('URL do webhook recusada', [{ path: 'destination', message: problem }]);
  }
}
