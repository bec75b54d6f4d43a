/**
 * Session replay on error: nothing is loaded or recorded without analytics consent; the recorder
 * loads when the page is idle after consent; withdrawing consent stops it and drops the buffer;
 * the buffer leaves the browser only attached to an error report (gzip, with the report's token);
 * the real rrweb recorder masks text and inputs unless inside `data-replay-unmask`.
 */
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayEvent } from '@prata/contracts/system-errors';
import { useConsentStore } from './consent-store.ts';
import { reportError } from './error-reporting.ts';
import { setRuntimeConfig } from './runtime-config.ts';
import { installSessionReplay, isRecording, replaySnapshot, uninstallSessionReplay } from './session-replay.ts';
import { maskInput, maskText, startRecording, type RecordFunction } from './session-replay-recorder.ts';

type Emit = Parameters<RecordFunction>[0]['emit'];
let emit: Emit | null;
let options: Parameters<RecordFunction>[0] | null;
let stopped: number;
let idleQueue: (() => void)[];
const fakeRecord: RecordFunction = (given) => {
  options = given;
  emit = given.emit;
  return () => {
    stopped += 1;
  };
};
const loader = vi.fn(async () => ({ startRecording: () => startRecording(fakeRecord) }));
const idle = (callback: () => void) => void idleQueue.push(callback);
const runIdle = async () => {
  for (const callback of idleQueue.splice(0)) callback();
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};
const consent = (analytics: boolean) => useConsentStore.getState().choose({ analytics, marketing: false });

const meta = (t: number): ReplayEvent => ({ type: 4, timestamp: t, data: { href: 'http://localhost/', width: 800, height: 600 } });
const full = (t: number): ReplayEvent => ({ type: 2, timestamp: t, data: { node: { type: 0, id: 1, childNodes: [] } } });
const move = (t: number): ReplayEvent => ({ type: 3, timestamp: t, data: { source: 1, positions: [] } });

let requests: { url: string; headers: Record<string, string>; body: unknown }[];
beforeEach(() => {
  emit = null;
  options = null;
  stopped = 0;
  idleQueue = [];
  loader.mockClear();
  requests = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = url.endsWith('/replay') ? JSON.parse(gunzipSync(Buffer.from(await (init!.body as Blob).arrayBuffer())).toString('utf8')) : JSON.parse(String(init?.body));
    requests.push({ url, headers, body });
    if (url.endsWith('/api/errors')) return Response.json({ id: '11111111-1111-4111-8111-111111111111', count: 1, eventId: '22222222-2222-4222-8222-222222222222', replayToken: '1.abc' }, { status: 202 });
    return new Response(null, { status: 201 });
  });
});
afterEach(() => {
  uninstallSessionReplay();
  vi.restoreAllMocks();
  document.cookie = 'prata_consent=; Max-Age=0; Path=/';
  useConsentStore.getState().reload();
});

describe('session replay', () => {
  it('loads and records nothing without analytics consent', async () => {
    installSessionReplay({ loader, idle });
    await runIdle();
    consent(false);
    await runIdle();
    expect(loader).not.toHaveBeenCalled();
    expect(isRecording()).toBe(false);
    expect(replaySnapshot()).toBeNull();
  });

  it('loads the recorder when the page is idle after consent, masked by default, and stops and drops the buffer when consent is withdrawn', async () => {
    installSessionReplay({ loader, idle });
    consent(true);
    expect(loader).not.toHaveBeenCalled(); // not before the page is idle
    await runIdle();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(isRecording()).toBe(true);
    expect(options).toMatchObject({ maskAllInputs: true, maskTextSelector: '*', checkoutEveryNms: 15_000, recordCanvas: false });
    emit!(meta(1));
    emit!(full(2));
    expect(replaySnapshot()).toHaveLength(2);
    consent(false);
    expect(stopped).toBe(1);
    expect(isRecording()).toBe(false);
    expect(replaySnapshot()).toBeNull();
    consent(true);
    await runIdle();
    expect(replaySnapshot()).toBeNull(); // the old buffer is gone for good
  });

  it('keeps the newest segments, each starting at a full snapshot', async () => {
    installSessionReplay({ loader, idle });
    consent(true);
    await runIdle();
    for (let segment = 0; segment < 5; segment += 1) {
      const t = segment * 15_000;
      emit!(meta(t), segment > 0);
      emit!(full(t + 1));
      emit!(move(t + 100));
    }
    const events = replaySnapshot()!;
    expect(events.map((event) => event.timestamp)).toEqual([30_000, 30_001, 30_100, 45_000, 45_001, 45_100, 60_000, 60_001, 60_100]);
  });

  it('sends the buffer only attached to an error report, gzip-compressed with its token', async () => {
    installSessionReplay({ loader, idle });
    consent(true);
    await runIdle();
    emit!(meta(10));
    emit!(full(11));
    emit!(move(500));
    expect(requests).toEqual([]); // recording sends nothing by itself
    reportError({ errorType: 'uncaught_error', errorMessage: 'TypeError: com replay' });
    for (let i = 0; i < 50 && requests.length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(requests.map((request) => request.url)).toEqual(['http://127.0.0.1:3000/api/errors', 'http://127.0.0.1:3000/api/errors/22222222-2222-4222-8222-222222222222/replay']);
    expect(requests[1]!.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'x-replay-token': '1.abc' });
    expect((requests[1]!.body as { events: ReplayEvent[] }).events.map((event) => event.type)).toEqual([4, 2, 3]);
  });

  it('masks text and inputs unless inside data-replay-unmask (passwords always)', () => {
    document.body.innerHTML = `<p id="name">Maria Silva</p><section data-replay-unmask><h2 id="product">Anel Solitário</h2><input id="qty" value="2"><input id="pw" type="password" value="segredo"></section><input id="cpf" value="123.456.789-00">`;
    const at = (id: string) => document.getElementById(id)!;
    expect(maskText('Maria Silva', at('name'))).toBe('***** *****');
    expect(maskText('Anel Solitário', at('product'))).toBe('Anel Solitário');
    expect(maskInput('123.456.789-00', at('cpf'))).toBe('**************');
    expect(maskInput('2', at('qty'))).toBe('2');
    expect(maskInput('segredo', at('pw'))).toBe('*******');
  });

  it('with the real rrweb recorder, records a full snapshot with inputs masked', async () => {
    // happy-dom lacks these globals rrweb's polyfill reads.
    if (!window.DOMTokenList) Object.assign(window, { DOMTokenList: document.body.classList.constructor });
    if (!window.NodeList) Object.assign(window, { NodeList: document.body.childNodes.constructor });
    document.body.innerHTML = `<p>Maria Silva</p><section data-replay-unmask><h2>Anel Solitário</h2></section><input value="123.456.789-00">`;
    installSessionReplay({ idle });
    consent(true);
    await runIdle();
    for (let i = 0; i < 100 && !replaySnapshot(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const events = replaySnapshot()!;
    expect(events.map((event) => event.type)).toEqual([4, 2]);
    const recorded = JSON.stringify(events);
    // happy-dom gives rrweb's untainted text accessor empty text nodes, so only the input's masking
    // shows here (text masking: maskText above; the recorder is given it, as the test before checks).
    expect(recorded).toContain('"value":"**************"');
    expect(recorded).not.toContain('123.456.789-00');
    expect(recorded).not.toContain('Maria Silva');
  });
});
