import { describe, expect, it } from 'vitest';
import type { JobMonitor } from '@prata/contracts';
import { formatDuration, formatInterval, sortJobs } from './job-monitors-card.tsx';

const job = (name: string, late: boolean, outcome: 'ok' | 'failed' | null): JobMonitor => ({
  name,
  everyMs: 60_000,
  lastRun: outcome ? { startedAt: '2026-12-01T12:00:00.000Z', durationMs: 12, outcome, error: outcome === 'failed' ? 'falhou' : null } : null,
  lastFailure: null,
  nextRunAt: '2026-12-01T12:01:00.000Z',
  late,
});

describe('job monitors panel', () => {
  it('shows intervals and durations in pt-BR units', () => {
    expect(formatInterval(15_000)).toBe('15 s');
    expect(formatInterval(300_000)).toBe('5 min');
    expect(formatInterval(3_600_000)).toBe('1 h');
    expect(formatInterval(5_400_000)).toBe('1 h 30 min');
    expect(formatDuration(240)).toBe('240 ms');
    expect(formatDuration(1530)).toBe('1,5 s');
  });

  it('lists late jobs first, then failing ones, each by name', () => {
    const sorted = sortJobs([job('b-ok', false, 'ok'), job('z-late', true, 'ok'), job('a-failed', false, 'failed'), job('a-never', false, null), job('c-late', true, null)]);
    expect(sorted.map(({ name }) => name)).toEqual(['c-late', 'z-late', 'a-failed', 'a-never', 'b-ok']);
  });
});

describe('uptime panel', () => {
  it('names targets in pt-BR and shows the uptime share', async () => {
    const { formatUptime, targetLabel } = await import('./uptime-card.tsx');
    expect(targetLabel('store-products')).toBe('Loja: produtos');
    expect(targetLabel('remote-checkout')).toBe('Remote checkout (manifesto)');
    expect(formatUptime(99.8765)).toBe('99,88 %');
    expect(formatUptime(null)).toBe('—');
  });
});
