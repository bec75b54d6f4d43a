/**
 * zod probes `new Function` to pick a faster parser; under the store's Content-Security-Policy
 * (no 'unsafe-eval') that probe is reported as a violation. Turn it off before any
 * schema runs: bootstrap.tsx imports this module first, and zod keeps its configuration on
 * globalThis, so it holds for the shell and every remote.
 */
import { z } from 'zod';

z.config({ jitless: true });
