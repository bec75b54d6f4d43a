/**
 * The recording half of session replay (session-replay.ts loads it as a chunk of its own, on
 * idle, after analytics consent; nothing of it is in a first load): rrweb's `record` with the
 * store's masking, the ring buffer and the upload of a buffer attached to an error report.
 *
 * - Buffer: rrweb takes a full snapshot every {@link CHECKOUT_EVERY_MS} (`checkoutEveryNms`); the
 *   newest {@link SEGMENTS_KEPT} segments are kept, so the buffer always starts at a full snapshot
 *   and covers the last REPLAY_WINDOW_MS (30 s) or a little more. Memory only.
 * - Masking by default: every text (`maskTextSelector: '*'`) and every input (`maskAllInputs`) is
 *   recorded as asterisks. An element marked `data-replay-unmask` (and what it contains) is
 *   recorded as shown, e.g. product names and prices: `<section data-replay-unmask>`; password
 *   fields stay masked even there. Canvas, fonts and images' bytes are not recorded.
 */
import { record } from '@rrweb/record';
import { REPLAY_MAX_BYTES, REPLAY_MAX_EVENTS, REPLAY_UNMASK_ATTRIBUTE, REPLAY_WINDOW_MS, type ReplayEvent } from '@prata/contracts/system-errors';

/** A running recording. */
export interface ReplayRecorder {
  /** Stops rrweb and forgets the buffer. */
  stop(): void;
  /** The buffer as it is now (a copy, oldest first, from a full snapshot), or null before one. */
  snapshot(): ReplayEvent[] | null;
  /** Sends `events` to `url` with the report's token (gzip); never throws. @returns whether accepted. */
  upload(url: string, token: string, events: ReplayEvent[]): Promise<boolean>;
}

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

/** Text as recorded: asterisks unless inside a `data-replay-unmask` element. */
export function maskText(text: string, element: HTMLElement | null): string {
  return element?.closest(UNMASKED) ? text : stars(text);
}

/** An input's value as recorded: asterisks unless inside a `data-replay-unmask` element; passwords always. */
export function maskInput(text: string, element: HTMLElement): string {
  const password = element instanceof HTMLInputElement && element.type === 'password';
  return !password && element.closest(UNMASKED) ? text : '*'.repeat(text.length);
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
 * Sends `events` as the replay of a stored error event to `url`, gzip-compressed, with the
 * report's `token`; when the whole buffer is over REPLAY_MAX_BYTES compressed, only its last
 * segment; nothing when even that is, or the browser cannot compress. Never throws.
 * @returns whether it was accepted (201).
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

/** Starts rrweb (`recordFn`, rrweb's `record` unless a test gives another) into a new buffer. */
export function startRecording(recordFn: RecordFunction = record as unknown as RecordFunction): ReplayRecorder {
  let segments: ReplayEvent[][] = [];
  const keep = (event: ReplayEvent, isCheckout?: boolean) => {
    if (isCheckout || segments.length === 0) segments.push([]);
    segments[segments.length - 1]!.push(event);
    while (segments.length > SEGMENTS_KEPT) segments.shift();
    // A very busy page: drop whole old segments first (each starts at a full snapshot).
    while (segments.length > 1 && segments.reduce((sum, segment) => sum + segment.length, 0) > REPLAY_MAX_EVENTS) segments.shift();
  };
  const stop = recordFn({
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
  });
  return {
    stop: () => {
      stop?.();
      segments = [];
    },
    snapshot: () => {
      const events = segments.flat();
      const start = events.findIndex((event) => event.type === 4 || event.type === 2);
      return events.some((event) => event.type === 2) ? events.slice(start) : null;
    },
    upload: uploadReplay,
  };
}
