/**
 * Real-user Web Vitals (contracts/web-vitals.ts): the shell installs this once per page
 * load; LCP, INP, CLS, TTFB and FCP are measured by the `web-vitals` library (loaded after the
 * page, outside its first load: its observers read buffered entries, so nothing is missed) and
 * sent with `navigator.sendBeacon` when the page is hidden (the moment a phone user leaves),
 * tagged with the route pattern and the remotes and versions on the page, and the tab's error
 * session id (so crashes and speed are counted per session). Each metric is sent once per page
 * load; `text/plain` keeps the cross-origin beacon free of a preflight. The service samples.
 */
import type { WebVitalName, WebVitalsBeacon } from '@prata/contracts/web-vitals';
import { errorSessionId } from './error-reporting.ts';
import { apiUrl } from './runtime-config.ts';

/** What the page is: its route pattern and the app versions on it; null: nothing to report. */
export type VitalsContext = () => Pick<WebVitalsBeacon, 'route' | 'remotes' | 'clientId'> | null;

/** A metric as the web-vitals library reports it. */
interface Metric {
  name: string;
  value: number;
}

const pending = new Map<WebVitalName, number>();
const sent = new Set<WebVitalName>();
let context: VitalsContext = () => null;
let installing: Promise<void> | null = null;

/** Records a metric's latest value (each is sent once, at the first hide after it is known). */
export function recordVital(metric: Metric): void {
  const name = metric.name as WebVitalName;
  if (sent.has(name) || !Number.isFinite(metric.value) || metric.value < 0) return;
  pending.set(name, metric.value);
}

/** Sends what is pending (browser only; never throws). @returns the beacon's body, or null when nothing was sent. */
export function flushVitals(): WebVitalsBeacon | null {
  if (typeof navigator === 'undefined' || pending.size === 0) return null;
  const page = context();
  const sessionId = errorSessionId();
  if (!page || page.remotes.length === 0 || !sessionId) return null;
  const body: WebVitalsBeacon = { sessionId, ...page, metrics: [...pending].map(([name, value]) => ({ name, value })) };
  let url: string;
  try {
    url = apiUrl('/api/vitals');
  } catch {
    return null;
  }
  const sentOk = navigator.sendBeacon?.(url, new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' })) ?? false;
  if (!sentOk) return null;
  for (const name of pending.keys()) sent.add(name);
  pending.clear();
  return body;
}

/**
 * Measures this page load and reports it when the page is hidden (idempotent; browser only).
 * `describe` is asked at send time for the route and the remotes on the page. The hide listeners
 * are added after the library's own, so that the values it finalises on that same hide (LCP, CLS,
 * INP) are in the beacon. @returns when the measurement is installed (the library loaded).
 */
export function installWebVitals(describe: VitalsContext): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (installing) return installing;
  context = describe;
  installing = import('web-vitals').then(
    ({ onLCP, onINP, onCLS, onTTFB, onFCP }) => {
      for (const on of [onLCP, onINP, onCLS, onTTFB, onFCP]) on(recordVital);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') flushVitals();
      });
      window.addEventListener('pagehide', () => flushVitals());
    },
    () => undefined,
  );
  return installing;
}
