import { describe, expect, it } from 'vitest';
import type { Configuration } from '@rspack/core';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_MODULES, contractVersions, createAppConfig, createSharedConfig, devServerPort, remoteShared, SHARED_SINGLETONS } from './federation.ts';

describe('createSharedConfig', () => {
  it('shares every singleton with the installed version, and each contract module by its exact content version', () => {
    const shared = createSharedConfig();
    expect(Object.keys(shared)).toEqual([...SHARED_SINGLETONS]);
    const versions = contractVersions();
    for (const [name, entry] of Object.entries(shared)) {
      if (name.startsWith('@prata/contracts')) {
        expect(entry).toEqual({ singleton: false, version: versions[name], requiredVersion: versions[name], strictVersion: true });
        expect(entry.requiredVersion).toMatch(/^0\.1\.0-c[0-9a-f]{12}$/);
      } else {
        expect(entry.singleton).toBe(true);
        expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
      }
    }
    expect(shared['react']!.requiredVersion).toBe('^19.3.1');
    expect(shared['@prata/shared-ui/state']!.requiredVersion).toBe('^0.1.0');
    expect(shared['@prata/shared-ui']).toBeUndefined();
    expect(shared['react-router-dom']).toBeUndefined();
    // A remote takes the singletons from the shell only, and carries its own copy of the contract modules.
    const remote = remoteShared();
    expect(remote['react']).toMatchObject({ singleton: true, import: false });
    expect(remote['@prata/contracts/orders']).toEqual(shared['@prata/contracts/orders']);
  });
});

describe('contractVersions', () => {
  it("changes a module's version, and that of every module importing it, when its source changes, and no other", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-contracts-'));
    try {
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({ version: '0.1.0' }));
      await mkdir(path.join(dir, 'src'));
      const src = (file: string, text: string) => writeFile(path.join(dir, 'src', file), text);
      for (const module of CONTRACT_MODULES) await src(`${module}.ts`, `export const ${module.replace(/-/g, '_')} = 1;\n`);
      await src('money.ts', "export const money = 1;\n");
      await src('orders.ts', "import { money } from './money.ts';\nexport const orders = money;\n");
      await src('index.ts', CONTRACT_MODULES.map((module) => `export * from './${module}.ts';`).join('\n'));
      const before = contractVersions(path.join(dir, 'src'));
      // Computed here independently: SHA-256 over each file of the closure, sorted, as name NUL text NUL.
      const expected = (files: [string, string][]) =>
        `0.1.0-c${createHash('sha256').update(files.sort(([a], [b]) => a.localeCompare(b)).map(([name, text]) => `${name}\u0000${text}\u0000`).join('')).digest('hex').slice(0, 12)}`;
      expect(before['@prata/contracts/orders']).toBe(expected([['orders.ts', "import { money } from './money.ts';\nexport const orders = money;\n"], ['money.ts', 'export const money = 1;\n']]));
      await src('money.ts', "export const money = 2;\n");
      const after = contractVersions(path.join(dir, 'src'));
      const changed = Object.keys(before).filter((name) => before[name] !== after[name]).sort();
      expect(changed).toEqual(['@prata/contracts', '@prata/contracts/money', '@prata/contracts/orders']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The [node, browser] configurations of an app. */
function builds(options: Parameters<typeof createAppConfig>[0], mode?: string): { server: Configuration; browser: Configuration } {
  const configs = createAppConfig(options, mode ? { mode } : {});
  expect(configs).toHaveLength(2);
  return { server: configs[0]!, browser: configs[1]! };
}

const remoteOptions = { name: 'storefront', dir: '/tmp/x', devPort: 3001, kind: 'remote', exposes: { './App': './a.tsx' } } as const;
const hostOptions = { name: 'shell', dir: '/tmp/x', devPort: 3005, kind: 'host' } as const;

describe('createAppConfig', () => {
  it('gives remotes an automatic public path and never a single runtime chunk', () => {
    const { browser } = builds(remoteOptions);
    expect(browser.output?.publicPath).toBe('auto');
    expect(browser.optimization?.runtimeChunk).toBe(false);
    expect(builds(hostOptions).browser.output?.publicPath).toBe('/');
  });

  it('builds every app twice: its Node build in dist/server first, then the browser build, which keeps it', () => {
    const { server, browser } = builds(remoteOptions);
    expect(server.target).toBe('async-node');
    expect(server.output?.path).toBe('/tmp/x/dist/server');
    expect(server.output?.library).toEqual({ type: 'commonjs-module' });
    expect(browser.output?.path).toBe('/tmp/x/dist');
    expect(browser.dependencies).toEqual([server.name]);
    const keep = (browser.output?.clean as { keep: (file: string) => boolean }).keep;
    const files = ['/tmp/x/dist', '/tmp/x/dist/server', '/tmp/x/dist/server/remoteEntry.js', '/tmp/x/dist/main.js', '/tmp/x/dist/serverless.js'];
    expect(files.map(keep)).toEqual([false, true, true, false, false]);
    expect(createAppConfig({ ...remoteOptions, server: false })).toHaveLength(1);
  });

  it('sends both builds under PRATA_BUILD_OUTPUT when set (npm run release): the browser build there, the Node build in its server/', () => {
    process.env.PRATA_BUILD_OUTPUT = '/tmp/release-build';
    try {
      const { server, browser } = builds(remoteOptions);
      expect(browser.output?.path).toBe('/tmp/release-build');
      expect(server.output?.path).toBe('/tmp/release-build/server');
      const keep = (browser.output?.clean as { keep: (file: string) => boolean }).keep;
      expect(['/tmp/release-build/server/remoteEntry.js', '/tmp/release-build/main.js', '/tmp/x/dist/server/remoteEntry.js'].map(keep)).toEqual([true, false, false]);
    } finally {
      delete process.env.PRATA_BUILD_OUTPUT;
    }
  });

  it('weighs production browser builds against their budget, not development ones', () => {
    const weighs = (config: Configuration) => config.plugins?.some((plugin) => plugin?.constructor.name === 'BuildWeightPlugin') ?? false;
    expect(weighs(builds(remoteOptions, 'production').browser)).toBe(true);
    expect(weighs(builds(hostOptions, 'production').browser)).toBe(true);
    expect(weighs(builds(remoteOptions, 'production').server)).toBe(false);
    expect(weighs(builds(remoteOptions, 'development').browser)).toBe(false);
  });

  it("makes a remote's Node build one container file that takes every singleton from the shell, with its own copy of the contract modules", () => {
    const { server } = builds(remoteOptions);
    expect(server.plugins?.some((plugin) => plugin?.constructor.name === 'LimitChunkCountPlugin')).toBe(true);
    const federation = server.plugins?.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as { _options: { shared: Record<string, { import?: false; singleton: boolean }>; library: unknown } };
    const entries = Object.values(federation._options.shared);
    expect(entries.filter((entry) => entry.singleton).every((entry) => entry.import === false)).toBe(true);
    expect(entries.filter((entry) => !entry.singleton).map((entry) => entry.import)).toEqual(Array.from({ length: CONTRACT_MODULES.length + 1 }, () => undefined));
    const hostFederation = builds(hostOptions).server.plugins?.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as { _options: { shared: Record<string, { import?: false }> } };
    expect(Object.values(hostFederation._options.shared).some((entry) => entry.import === false)).toBe(false);
  });

  it('honours the port variable of each dev server', () => {
    process.env.PRATA_TEST_PORT = '4555';
    expect(devServerPort('PRATA_TEST_PORT', 3001)).toBe(4555);
    expect((builds({ ...remoteOptions, devPortVariable: 'PRATA_TEST_PORT' }).browser.devServer as { port?: number }).port).toBe(4555);
    process.env.PRATA_TEST_PORT = 'x';
    expect(devServerPort('PRATA_TEST_PORT', 3001)).toBe(3001);
    delete process.env.PRATA_TEST_PORT;
    expect(devServerPort(undefined, 3001)).toBe(3001);
  });
});

describe('production builds', () => {
  it('resolve production conditions and the production files of react-router (its exports name only dist/development)', () => {
    for (const prod of Object.values(builds(hostOptions, 'production'))) {
      expect(prod.mode).toBe('production');
      expect(prod.optimization?.nodeEnv).toBe('production');
      expect(prod.resolve?.conditionNames?.[0]).toBe('production');
      const alias = prod.resolve?.alias as Record<string, string>;
      expect(alias['react-router$']).toMatch(/react-router\/dist\/production\/index\.mjs$/);
      expect(alias['react-router/dom$']).toMatch(/react-router\/dist\/production\/dom-export\.mjs$/);
    }
    const dev = builds(hostOptions, 'development').browser;
    expect(dev.resolve?.alias).toBeUndefined();
    expect(dev.resolve?.conditionNames?.[0]).toBe('development');
  });
});
