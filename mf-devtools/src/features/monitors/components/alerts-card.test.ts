import { describe, expect, it } from 'vitest';
import { alertRuleFormSchema } from '@prata/contracts';
import { fieldOf } from './alert-rule-form.tsx';
import { isMuted } from './alerts-card.tsx';

describe('alerts panel', () => {
  it('knows a muted rule by its mutedUntil', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(isMuted({ mutedUntil: '2026-12-01T13:00:00.000Z' }, now)).toBe(true);
    expect(isMuted({ mutedUntil: '2026-12-01T11:00:00.000Z' }, now)).toBe(false);
    expect(isMuted({ mutedUntil: null }, now)).toBe(false);
  });

  it('puts the service issues on their fields', () => {
    expect(fieldOf('destination')).toBe('destination');
    expect(fieldOf('body.threshold')).toBe('threshold');
    expect(fieldOf('other')).toBeUndefined();
  });

  it('turns the typed form into a rule, with pt-BR messages for what is wrong', () => {
    const typed = { name: 'Loja fora', kind: 'uptime_failure', threshold: '3', windowMinutes: '10', channel: 'webhook', destination: 'https://hooks.slack.com/services/x' };
    expect(alertRuleFormSchema.parse(typed)).toEqual({ ...typed, threshold: 3, windowMinutes: 10, mutedUntil: null });
    const bad = alertRuleFormSchema.safeParse({ ...typed, threshold: '0', channel: 'email', destination: 'nada' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.message)).toContain('Informe um limite de 1 a 10000');
  });
});
