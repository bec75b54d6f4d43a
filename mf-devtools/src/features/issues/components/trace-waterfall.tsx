/**
 * A trace as a waterfall: each span of the request the error came from (the request,
 * its hooks and handler, every SQL query, a job) on one row, indented under its parent, with a
 * bar placed and sized by its start and duration within the trace; failed spans marked; the SQL
 * text under its query. 'Trace não guardado' once the service forgot it.
 */
import type { TraceSpanDto } from '@prata/contracts';
import { SkeletonText } from '@prata/shared-ui';
import { useTrace } from '../api/get-trace.ts';
import styles from './issues.module.css';

/** `spans` in tree order (each parent before its children, siblings by start) with their depth. */
export function spanTree(spans: readonly TraceSpanDto[]): { span: TraceSpanDto; depth: number }[] {
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map<string | null, TraceSpanDto[]>();
  for (const span of spans) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : null;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const out: { span: TraceSpanDto; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const span of [...(children.get(parent) ?? [])].sort((a, b) => a.startMs - b.startMs)) {
      out.push({ span, depth });
      walk(span.spanId, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

export function TraceWaterfall({ traceId }: { traceId: string }) {
  const { data, isPending, isError, error } = useTrace(traceId);
  if (isPending) return <SkeletonText lines={3} />;
  if (isError) return <p className={styles.muted}>{error.message}</p>;
  const total = Math.max(...data.spans.map((span) => span.startMs + span.durationMs), 0.001);
  return (
    <ol className={styles.waterfall} aria-label={`Trace ${traceId}`} data-testid="trace-waterfall">
      {spanTree(data.spans).map(({ span, depth }) => {
        const sql = span.attributes['db.query.text'];
        return (
          <li key={span.spanId} className={span.error ? `${styles.spanRow} ${styles.spanError}` : styles.spanRow} data-testid="trace-span">
            <span className={styles.spanName} style={{ paddingLeft: `${depth * 12}px` }}>
              {span.name}
              {span.attributes['http.response.status_code'] ? ` · ${span.attributes['http.response.status_code']}` : ''}
            </span>
            <span className={styles.spanTrack} aria-hidden="true">
              <span className={styles.spanBar} style={{ left: `${(span.startMs / total) * 100}%`, width: `${Math.max((span.durationMs / total) * 100, 0.5)}%` }} />
            </span>
            <span className={styles.spanDuration}>{ms(span.durationMs)}</span>
            {sql ? <code className={styles.spanSql}>{sql}</code> : null}
          </li>
        );
      })}
    </ol>
  );
}
