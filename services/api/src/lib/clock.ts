/** Time source. Services take a Clock so tests can move time (token expiry, reservations). */
export interface Clock {
  /** Current instant. */
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
