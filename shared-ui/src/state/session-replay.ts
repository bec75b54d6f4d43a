/**
 * Session replay on error (after Sentry's and OpenReplay's "buffer mode"): while the shopper
 * allows it, the page's DOM is recorded with rrweb into a ring buffer in memory
 * (session-replay-recorder.ts), and the buffer leaves the browser only attached to an error
 * report (error-reporting.ts uploads it to `POST /api/errors/:eventId/replay`,
 * contracts/system-errors.ts).
 *
 * - Consent (LGPD): recording starts only while the shopper allows `analytics`
 *   (`useConsentStore`, consent-store.ts); withdrawing it stops the recorder and drops the buffer.
 * - Weight: this module is all the first load carries (it follows consent); the recorder, with
 *   rrweb (~22 KiB gzip), is a dynamic `import()` chunk requested on `requestIdleCallback` after
 *   consent.
 * - Masking by default; `data-replay-unmask` (REPLAY_UNMASK_ATTRIBUTE) on an element records it
 *   as shown (session-replay-recorder.ts).
 */
import type { ReplayEvent } from '@prata/contracts/system-errors';
import { hasConsent, useConsentStore } from './consent-store.ts';
import type { ReplayRecorder } from './session-replay-recorder.ts';

export { REPLAY_UNMASK_ATTRIBUTE } from '@prata/contracts/system-errors';

/** What loads the recorder; the default is the dynamic import of session-replay-recorder.ts. */
export type RecorderLoader = () => Promise<{ startRecording: () => ReplayRecorder }>;
/** Calls back when the page is idle (default: requestIdleCallback, else a 2 s timeout). */
export type IdleScheduler = (callback: () => void) => void;

const defaultLoader: RecorderLoader = () => import(/* webpackChunkName: "session-replay" */ './session-replay-recorder.ts');
const defaultIdle: IdleScheduler = (callback) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => callback(), { timeout: 10_000 });
  else window.setTimeout(callback, 2000);
};

let recorder: ReplayRecorder | null = null;
/** Bumped on every stop: a recorder that finishes loading after consent was withdrawn does not start. */
let generation = 0;
let scheduled = false;
let unsubscribe: (() => void) | null = null;

function start(loader: RecorderLoader, idle: IdleScheduler): void {
  if (recorder || scheduled) return;
  scheduled = true;
  const mine = generation;
  idle(() => {
    void loader()
      .then(({ startRecording }) => {
        scheduled = false;
        if (mine === generation && hasConsent('analytics') && !recorder) recorder = startRecording();
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
  recorder?.stop();
  recorder = null;
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
  return recorder !== null;
}

/** The buffer as it is now, or null when nothing is recorded (no consent, not loaded yet, no full snapshot yet). */
export function replaySnapshot(): ReplayEvent[] | null {
  return recorder && hasConsent('analytics') ? recorder.snapshot() : null;
}

/** Uploads a {@link replaySnapshot} taken for an error report (see {@link ReplayRecorder.upload}); false when not recording. */
export function uploadReplay(url: string, token: string, events: ReplayEvent[]): Promise<boolean> {
  return recorder ? recorder.upload(url, token, events) : Promise.resolve(false);
}
