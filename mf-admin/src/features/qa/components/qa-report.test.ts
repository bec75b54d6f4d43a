import { describe, expect, it } from 'vitest';
import type { QaIssue } from '@prata/contracts';
import { qaReport, qaReportFileName } from './qa-report.ts';

const issue = (status: QaIssue['status'], priority: QaIssue['priority']): QaIssue => ({
  id: crypto.randomUUID(),
  type: 'warning',
  component: 'Produtos',
  description: 'Produto sem imagem: Anel',
  status,
  priority,
  createdAt: '2026-11-23T10:00:00.000Z',
  resolvedAt: status === 'resolved' ? '2026-11-23T11:00:00.000Z' : null,
});

describe('QA report (admin.md 7)', () => {
  it('is named qa-report-{ISO date}.json', () => {
    expect(qaReportFileName(new Date('2026-11-23T23:59:00Z'))).toBe('qa-report-2026-11-23.json');
  });

  it('carries the counters (total, open, open critical, resolved) and every issue', () => {
    const issues = [issue('open', 'critical'), issue('open', 'low'), issue('resolved', 'critical'), issue('ignored', 'high')];
    const report = JSON.parse(qaReport(issues, new Date('2026-11-23T12:00:00Z')));
    expect(report.stats).toEqual({ total: 4, open: 2, critical: 1, resolved: 1 });
    expect(report.issues).toHaveLength(4);
    expect(report.generatedAt).toBe('2026-11-23T12:00:00.000Z');
  });
});
