/**
 * QA issues (admin.md 3 "QA issue": id, type, component, description, status, priority,
 * createdAt, resolvedAt). Found by the server-side QA run (qa.service.ts); `checkKey` names the
 * finding (e.g. `product-without-image:<id>`) so a later run updates it instead of adding a copy.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { QA_ISSUE_PRIORITIES, QA_ISSUE_STATUSES, QA_ISSUE_TYPES } from '@prata/contracts';

export const QaIssueSchema = defineEntity({
  name: 'QaIssue',
  tableName: 'qa_issues',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    type: p.enum(QA_ISSUE_TYPES),
    component: p.string().length(100),
    description: p.text(),
    status: p.enum(QA_ISSUE_STATUSES).default('open').index(),
    priority: p.enum(QA_ISSUE_PRIORITIES),
    checkKey: p.string().length(200).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    resolvedAt: p.datetime().nullable(),
    /** Last QA run that found it. */
    lastFoundAt: p.datetime().onCreate(() => new Date()),
  },
});
export class QaIssue extends QaIssueSchema.class {}
QaIssueSchema.setClass(QaIssue);
