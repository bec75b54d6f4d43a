/**
 * The browser of every Playwright configuration (playwright.config.ts, playwright.preview.config.ts):
 * Debian's chromium (`CHROMIUM_PATH` overrides), without the sandbox (CI runs as root) and without
 * the background traffic that would reach for the internet.
 */
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
