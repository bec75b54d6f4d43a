/**
 * Session replay on error (after Sentry's and OpenReplay's "buffer mode"): the page's DOM is
 * recorded with rrweb (`@rrweb/record`) into a ring buffer in memory, and the buffer leaves the
 * browser only attached to an error report (error-reporting.ts uploads it to
 * `POST /api/errors/:eventId/replay`, contracts/system-errors.ts).
 *
 * - Consent (LGPD): recording starts only while the shopper allows `analytics`
 *   (`useConsentStore`, consent-store.ts); withdrawing it stops the recorder and drops the buffer.
 * - Weight: the recorder is a dynamic `import()` chunk (~23 KiB gzip), requested on
 *   `requestIdleCallback` after consent, so nothing of it is in any page's first load.
 * - Buffer: rrweb takes a full snapshot every {@link CHECKOUT_EVERY_MS} (`checkoutEveryNms`); the
 *   buffer keeps the newest {@link SEGMENTS_KEPT} segments, so it always starts at a full snapshot
 *   and covers the last REPLAY_WINDOW_MS (30 s) or a little more. Memory only.
 * - Masking by default: every text (`maskTextSelector: '*'`) and every input (`maskAllInputs`) is
 *   recorded as asterisks. An element marked `data-replay-unmask` (and what it contains) is
 *   recorded as shown, e.g. product names and prices: `<section data-replay-unmask>`; password
 *   fields stay masked even there. Canvas, fonts and images' bytes are not recorded.
 */
import { REPLAY_MAX_BYTES, REPLAY_MAX_EVENTS, REPLAY_WINDOW_MS, type ReplayEvent } from '@prata/contracts/system-errors';
import { hasConsent, useConsentStore } from './consent-store.ts';

/** The attribute that unmasks an element's text and inputs in recordings. */
export const REPLAY_UNMASK_ATTRIBUTE = 'data-replay-unmask';
/** How often rrweb takes a full snapshot, ms. */
export const CHECKOUT_EVERY_MS = REPLAY_WINDOW_MS / 2;
/** Segments (each from one full snapshot to the next) the buffer keeps. */
export const SEGMENTS_KEPT = 3;

const UNMASKED = `[${REPLAY_UNMASK_ATTRIBUTE}]`;
const stars = (text: string) => text.replace(/\S/g, '*');

/** rrweb's `record` as this module calls it (a subset of its options). */
export type RecordFunction = (options: {
  emit: (event: ReplayEvent, isCheckout?: boolean) => void;
  checkoutEveryNms: number;
  maskAllInputs: boolean;
  maskTextSelector: string;
  maskTextFn: (text: string, element: HTMLElement | null) => string;
  maskInputFn: (text: string, element: HTMLElement) => string;
  slimDOMOptions: true;
  sampling: { mousemove: number; scroll: number; input: 'last' };
  recordCanvas: false;
  collectFonts: false;
  inlineImages: false;
}) => (() => void) | undefined;

/** What loads the recorder; the default is the dynamic import of `@rrweb/record`. */
export type RecorderLoader = () => Promise<{ record: RecordFunction }>;
/** Calls back when the page is idle (default: requestIdleCallback, else a 2 s timeout). */
export type IdleScheduler = (callback: () => void) => void;

const defaultLoader: RecorderLoader = () => import(/* webpackChunkName: "session-replay" */ '@rrweb/record') as unknown as Promise<{ record: RecordFunction }>;
const defaultIdle: IdleScheduler = (callback) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => callback(), { timeout: 10_000 });
  else window.setTimeout(callback, 2000);
};

/** Text as recorded: asterisks unless inside a `data-replay-unmask` element. */
export function maskText(text: string, element: HTMLElement | null): string {
  return element?.closest(UNMASKED) ? text : stars(text);
}

/** An input's value as recorded: asterisks unless inside a `data-replay-unmask` element; passwords always. */
export function maskInput(text: string, element: HTMLElement): string {
  const password = element instanceof HTMLInputElement && element.type === 'password';
  return !password && element.closest(UNMASKED) ? text : '*'.repeat(text.length);
}

let segments: ReplayEvent[][] = [];
let stopRecording: (() => void) | null = null;
/** Bumped on every stop: a recorder that finishes loading after consent was withdrawn does not start. */
let generation = 0;
let scheduled = false;
let unsubscribe: (() => void) | null = null;

function keep(event: ReplayEvent, isCheckout?: boolean): void {
  if (isCheckout || segments.length === 0) segments.push([]);
  segments[segments.length - 1]!.push(event);
  while (segments.length > SEGMENTS_KEPT) segments.shift();
  // A very busy page: drop whole old segments first (each starts at a full snapshot).
  while (segments.length > 1 && segments.reduce((sum, segment) => sum + segment.length, 0) > REPLAY_MAX_EVENTS) segments.shift();
}

function start(loader: RecorderLoader, idle: IdleScheduler): void {
  if (stopRecording || scheduled) return;
  scheduled = true;
  const mine = generation;
  idle(() => {
    void loader()
      .then(({ record }) => {
        scheduled = false;
        if (mine !== generation || !hasConsent('analytics') || stopRecording) return;
        stopRecording =
          record({
            emit: keep,
            checkoutEveryNms: CHECKOUT_EVERY_MS,
            maskAllInputs: true,
            maskTextSelector: '*',
            maskTextFn: maskText,
            maskInputFn: maskInput,
            slimDOMOptions: true,
            sampling: { mousemove: 100, scroll: 150, input: 'last' },
            recordCanvas: false,
            collectFonts: false,
            inlineImages: false,
          }) ?? null;
      })
      .catch(() => {
        scheduled = false; // the chunk did not load: no recording, nothing else changes
      });
  });
}

/** Stops the recorder (if any) and forgets the buffer. */
export function stopSessionReplay(): void {
  generation += 1;
  scheduled = false;
  stopRecording?.();
  stopRecording = null;
  segments = [];
}

/**
 * Records while the shopper allows analytics (the shell, once; browser only): starts on idle
 * when consent is (or becomes) given, stops and drops the buffer when it is withdrawn.
 * `options` replace the loader and the idle scheduler (tests).
 */
export function installSessionReplay(options: { loader?: RecorderLoader; idle?: IdleScheduler } = {}): void {
  if (typeof window === 'undefined' || unsubscribe) return;
  const loader = options.loader ?? defaultLoader;
  const idle = options.idle ?? defaultIdle;
  const follow = () => (hasConsent('analytics') ? start(loader, idle) : stopSessionReplay());
  unsubscribe = useConsentStore.subscribe(follow);
  follow();
}

/** Undoes {@link installSessionReplay} (tests). */
export function uninstallSessionReplay(): void {
  unsubscribe?.();
  unsubscribe = null;
  stopSessionReplay();
}

/** Whether rrweb is recording now. */
export function isRecording(): boolean {
  return stopRecording !== null;
}

/**
 * The buffer as it is now (a copy, oldest first, starting at a full snapshot), or null when
 * nothing is recorded (no consent, recorder not loaded yet, no full snapshot yet).
 */
export function replaySnapshot(): ReplayEvent[] | null {
  if (!hasConsent('analytics')) return null;
  const events = segments.flat();
  return events.some((event) => event.type === 2) ? events.slice(events.findIndex((event) => event.type === 4 || event.type === 2)) : null;
}

/** gzip of `text` (CompressionStream), or null where the browser lacks it. */
async function gzip(text: string): Promise<Blob | null> {
  if (typeof CompressionStream === 'undefined') return null;
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).blob();
}

/** `events` from their last full snapshot (its meta event included) on. */
function lastSegment(events: ReplayEvent[]): ReplayEvent[] {
  const snapshot = events.findLastIndex((event) => event.type === 2);
  const meta = snapshot > 0 && events[snapshot - 1]!.type === 4 ? snapshot - 1 : snapshot;
  return events.slice(Math.max(meta, 0));
}

/**
 * Sends `events` (a {@link replaySnapshot}) as the replay of the stored error event `eventId`,
 * gzip-compressed, with the report's `replayToken`; when the whole buffer is over
 * REPLAY_MAX_BYTES compressed, only its last segment; nothing when even that is, or the browser
 * cannot compress. Never throws. @returns whether it was accepted (201).
 */
export async function uploadReplay(url: string, token: string, events: ReplayEvent[]): Promise<boolean> {
  try {
    for (const candidate of [events, lastSegment(events)]) {
      const body = await gzip(JSON.stringify({ events: candidate }));
      if (!body) return false;
      if (body.size > REPLAY_MAX_BYTES) continue;
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-replay-token': token }, body });
      return response.status === 201;
    }
  } catch {
    // Offline, refused: the report went without its replay.
  }
  return false;
}
