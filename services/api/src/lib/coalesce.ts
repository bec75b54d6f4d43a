/**
 * Coalesces calls of an async task: at most one run at a time, and calls made while it runs
 * share one follow-up run (so a burst of N triggers costs at most two runs). The promise a call
 * returns settles after a run that started after the call.
 */
export function coalesce(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  const trigger = (): Promise<void> => {
    if (!running) {
      running = task().finally(() => {
        running = null;
      });
      return running;
    }
    again ??= running
      .catch(() => undefined)
      .then(() => {
        again = null;
        return trigger();
      });
    return again;
  };
  return trigger;
}
