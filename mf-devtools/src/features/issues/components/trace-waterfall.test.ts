import { describe, expect, it } from 'vitest';
import type { TraceSpanDto } from '@prata/contracts';
import { spanTree } from './trace-waterfall.tsx';

const span = (spanId: string, parentSpanId: string | null, startMs: number): TraceSpanDto => ({ spanId, parentSpanId, name: spanId, kind: 'INTERNAL', startMs, durationMs: 1, error: false, attributes: {} });

describe('spanTree', () => {
  it('puts each parent before its children, siblings by start, with their depth; a parent from the browser makes a root', () => {
    const tree = spanTree([span('sql-2', 'handler', 9), span('request', 'browser', 0), span('handler', 'request', 2), span('sql-1', 'handler', 3), span('hook', 'request', 1)]);
    expect(tree.map(({ span: each, depth }) => `${depth}:${each.spanId}`)).toEqual(['0:request', '1:hook', '1:handler', '2:sql-1', '2:sql-2']);
  });
});
