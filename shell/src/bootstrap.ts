/**
 * The shell's start-up chunk (index.ts imports it: the federation's async boundary). It loads the
 * modules the page needs one group at a time and lets the browser run other work between the
 * groups: evaluating React, the query library, the
 * shared client state (with the contract schemas it parses with) and the shell's own components
 * in one go is one long task on a phone (~0.5 s at 4x CPU slowdown), which delays every tap; in
 * separate tasks the page answers in between. Then start-shell.tsx hydrates (or renders) the page.
 */
import './csp-zod.ts'; // first: before any module parses with zod
import '@prata/shared-ui/styles.css';

/** Ends the current task: the browser may handle input and paint before the next step. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

await import('react-dom/client');
await yieldToMain();
await import('@tanstack/react-query');
await yieldToMain();
await import('@prata/shared-ui/router');
await yieldToMain();
await import('@prata/shared-ui/state');
await yieldToMain();
const { startShell } = await import(/* webpackChunkName: "start-shell" */ './start-shell.tsx');
await yieldToMain();
await startShell(yieldToMain);
