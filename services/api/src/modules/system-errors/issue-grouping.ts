/**
 * How error reports are grouped into issues (after Sentry's grouping: exception type,
 * message template and in-app frames).
 *
 * The fingerprint is the sha256 (hex) of
 * - the error type,
 * - the message template: URLs, e-mail addresses, UUIDs, long hex strings and numbers masked,
 *   so the same bug with another product id or price is one issue;
 * - the top {@link FRAMES_IN_FINGERPRINT} in-app frames: unmapped, the file path with its version
 *   and content-hash segments removed (minified function names and positions change with every
 *   build, so they are left out); mapped, the original file and function (lines are left out: an
 *   edit above the bug must not split it);
 * - the remote (or `shell`, `api`).
 * The version is not part of it: a bug that survives a release stays one issue.
 *
 * The service fingerprints the frames **as reported** (security review 2026-11-29 #1): source maps
 * are applied after the report is stored, by a job (source-maps.ts), so grouping cannot wait for
 * them, and regrouping once mapped would move counts, users and events between issues after the
 * report was answered with its issue. The cost: two bugs with the same type and message template
 * thrown from the same chunk file are one issue (mapped frames would tell their functions apart),
 * and issues fingerprinted on mapped frames before this change get a new issue at their next report.
 * Grouping no longer depends on whether a map was stored or cached when the report came.
 */
import { createHash } from 'node:crypto';
import { parseStack } from 'error-stack-parser-es/lite';
import type { StackFrameDto } from '@prata/contracts';

/** In-app frames that take part in a fingerprint. */
export const FRAMES_IN_FINGERPRINT = 3;

/** One stack frame, as reported or mapped to the original source (contracts: stackFrameSchema). */
export type StackFrame = StackFrameDto;

/** Masks what varies between occurrences of one bug: URLs, e-mails, ids, hex, numbers. */
export function messageTemplate(message: string): string {
  return message
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`)]+/gi, '<url>')
    .replace(/[^\s@'"<>]+@[^\s@'"<>]+\.[a-z]{2,}/gi, '<email>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/\d+([.,]\d+)*/g, '<n>')
    .trim();
}

const NOT_IN_APP = /(^|\/)node_modules\/|webpack\/runtime|webpack\/bootstrap|^(chrome|moz|safari)-extension:|^native$|^<anonymous>$|^node:/;

/** Whether `file` (a URL or an original source path) is our own code. */
export function isInApp(file: string): boolean {
  return file !== '' && !NOT_IN_APP.test(file);
}

/** Parses a V8, Firefox or Safari stack. Frames without a file are left out. */
export function parseFrames(stack: string | null | undefined): StackFrame[] {
  if (!stack) return [];
  return parseStack(stack)
    .filter((frame) => frame.file)
    .map((frame) => ({
      file: frame.file as string,
      line: frame.line ?? null,
      column: frame.col ?? null,
      function: frame.function ?? null,
      mapped: false,
      inApp: isInApp(frame.file as string),
    }));
}

/**
 * Whether a source map may apply to `frame`: a frame of a script loaded over http(s), with its line
 * and column (source-maps.ts then looks the map up by the URL's file name).
 */
export function mayBeSourceMapped(frame: StackFrame): boolean {
  return frame.line !== null && frame.column !== null && /^https?:\/\//.test(frame.file);
}

/** The part of a frame's file that names it across builds: no origin, query, version or hash. */
export function stableFileName(file: string): string {
  let path: string;
  try {
    path = new URL(file).pathname;
  } catch {
    path = file.replace(/[?#].*$/, '');
  }
  return path
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^\.?\//, '')
    .split('/')
    .filter((segment) => !/^v?\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(segment))
    .map((segment) => segment.replace(/[.-][0-9a-f]{8,}(?=\.)/gi, ''))
    .join('/');
}

/** What identifies a frame in a fingerprint (see the module's comment). */
function frameKey(frame: StackFrame): string {
  const file = stableFileName(frame.file);
  return frame.mapped ? `${file} ${frame.function ?? '?'}` : file;
}

/** sha256 hex of what identifies one bug (see the module's comment). */
export function fingerprintOf(report: { errorType: string; errorMessage: string; frames: readonly StackFrame[]; remote?: string | null | undefined }): string {
  const frames = report.frames.filter((frame) => frame.inApp).slice(0, FRAMES_IN_FINGERPRINT).map(frameKey);
  return createHash('sha256')
    .update([report.errorType, messageTemplate(report.errorMessage), ...frames, report.remote ?? ''].join('\u0000'))
    .digest('hex');
}

/** A V8-style stack text of `frames` (`    at fn (file:line:column)`), for the log and the dashboard. */
export function formatFrames(frames: readonly StackFrame[]): string {
  return frames
    .map((frame) => {
      const where = `${frame.file}${frame.line === null ? '' : `:${frame.line}`}${frame.column === null ? '' : `:${frame.column}`}`;
      return frame.function ? `    at ${frame.function} (${where})` : `    at ${where}`;
    })
    .join('\n');
}
