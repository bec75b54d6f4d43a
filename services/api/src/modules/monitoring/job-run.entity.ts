/**
 * `job_runs` (migration Migration20261202120000_job_runs): one row per run of a periodic job,
 * written by the job runner's recorder (job-monitor.service.ts) and deleted after
 * `JOB_RUN_RETENTION_DAYS` by the `monitor-retention` job.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { JOB_RUN_OUTCOMES } from '@prata/contracts';

export const JobRunRecordSchema = defineEntity({
  name: 'JobRunRecord',
  tableName: 'job_runs',
  indexes: [
    { properties: ['job', 'startedAt'], name: 'job_runs_job_started_at_index' },
    { properties: ['startedAt'], name: 'job_runs_started_at_index' },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** The periodic job's name (jobs/job-runner.ts). */
    job: p.string().length(80),
    startedAt: p.datetime(),
    /** Wall time, ms. */
    durationMs: p.integer(),
    outcome: p.enum(JOB_RUN_OUTCOMES),
    /** The failure's message, cut to 2000 characters; null when ok. */
    error: p.text().nullable(),
  },
});
export class JobRunRecord extends JobRunRecordSchema.class {}
JobRunRecordSchema.setClass(JobRunRecord);
