/**
 * The shell's host keeps the remote registry it composes pages from (the API is asked again about
 * once a second, and at once after a release event): a spec that changes the registry behind the
 * service's back (its bootstrap file) waits until the host's pages follow it.
 */
import { expect } from '@playwright/test';
import { E2E } from './environment.ts';

type Entry = { name: string; version: string; manifestUrl: string };

const summary = (registry: readonly Entry[]) => registry.map((entry) => `${entry.name}@${entry.version}@${entry.manifestUrl}`).sort().join(' ');

/** Waits (at most 10 s) until the host's documents carry the registry the API serves now. */
export async function hostFollowsRegistry(): Promise<void> {
  const expected = summary((await (await fetch(`${E2E.apiUrl}/api/remotes`)).json()) as Entry[]);
  await expect
    .poll(
      async () => {
        const html = await (await fetch(`${E2E.storeUrl}/carrinho`, { headers: { accept: 'text/html' } })).text();
        const boot = /<script type="application\/json" id="prata-boot">(.*?)<\/script>/.exec(html)?.[1];
        return boot ? summary((JSON.parse(boot) as { registry: Entry[] }).registry) : null;
      },
      { timeout: 10_000 },
    )
    .toBe(expected);
}
