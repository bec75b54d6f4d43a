/**
 * A remote's slot left to the browser. On the server the slot's RemoteModule is
 * refused with a {@link ClientSlot} (a client-rendered route, a remote without a server build, or
 * one that failed or overran the page's time budget); React then sends the slot's fallback and
 * renders it in the browser. The shell's host gives every server-side error of a slot a digest
 * starting with `prata:`, which the browser sees again when it renders that slot: those are not
 * hydration mismatches (the host already reported real failures).
 */

/** Digest prefix of the errors the shell's host handled for a slot. */
export const SLOT_DIGEST_PREFIX = 'prata:';
/** Digest of a slot deliberately left to the browser. */
export const CLIENT_SLOT_DIGEST = `${SLOT_DIGEST_PREFIX}client-slot`;

/** Thrown (through React's `use`) by a slot that must be rendered in the browser; `reason` in pt-BR (it may be reported). */
export class ClientSlot extends Error {
  readonly digest = CLIENT_SLOT_DIGEST;

  constructor(reason: string) {
    super(reason);
    this.name = 'ClientSlot';
  }
}

/** Whether `error` (from React's `onRecoverableError`) is a slot the server left to the browser. */
export function isClientSlotError(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && digest.startsWith(SLOT_DIGEST_PREFIX);
}
