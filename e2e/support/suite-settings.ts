/**
 * What every Playwright configuration shares (playwright.config.ts, playwright.preview.config.ts):
 * one worker, no retries, no stray `test.only` on CI, the list reporter, and the browser: Debian's
 * chromium (`CHROMIUM_PATH` overrides), without the sandbox (CI runs as root) and without the
 * background traffic that would reach for the internet.
 */
import type { LaunchOptions, PlaywrightTestConfig } from '@playwright/test';

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export const SUITE_SETTINGS = {
  fullyParallel: false,
  // One worker: each suite shares one store (the remote-failure test edits its remote registry),
  // and the suite is CPU-bound on 2 cores: two workers on one store (the specs that change the
  // store for everyone kept apart, after the others) took 12.1 min for 72 of 130 tests, each test
  // about twice as long, against 13.9 min for all of them on one worker (2026-11-30).
  workers: 1,
  // No retries: a flaky test must fail and be fixed, not be hidden by a second run.
  retries: 0,
  // A stray test.only must not silently skip the rest of the suite on CI.
  forbidOnly: Boolean(process.env.CI),
  expect: { timeout: 10_000 },
  reporter: [['list']],
} satisfies PlaywrightTestConfig;
