/**
 * The one list of background work (src/bootstrap/background-work.ts) and the docs agree: the jobs
 * table and the subscribers table of docs/architecture.md name exactly the jobs and subscribers the
 * composition registers, and no name is registered twice. No database: the lists are read from
 * the records.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES, PERIODIC_JOBS, QUEUE_JOBS, SUBSCRIBER_NAMES, SUBSCRIBERS } from '../src/bootstrap/background-work.ts';
import { REPO_ROOT } from '../src/config.ts';

/** The backticked names in the first cell of each row of the table whose header starts with `| <first> |`. */
async function tableNames(first: string): Promise<string[]> {
  const markdown = await readFile(path.join(REPO_ROOT, 'docs/architecture.md'), 'utf8');
  const lines = markdown.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  expect(start, `a table headed "| ${first} |" in docs/architecture.md`).toBeGreaterThan(-1);
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

describe('background work', () => {
  it('registers each job and subscriber name once', () => {
    expect(new Set(JOB_NAMES).size).toBe(JOB_NAMES.length);
    expect(new Set(SUBSCRIBER_NAMES).size).toBe(SUBSCRIBER_NAMES.length);
    expect(JOB_NAMES.length).toBe(PERIODIC_JOBS.length + QUEUE_JOBS.length);
    expect(SUBSCRIBERS.map(({ name }) => name)).toEqual(SUBSCRIBER_NAMES);
  });

  it('is what docs/architecture.md lists', async () => {
    expect((await tableNames('job')).sort()).toEqual([...JOB_NAMES].sort());
    expect((await tableNames('subscriber')).sort()).toEqual([...SUBSCRIBER_NAMES].sort());
  });
});
