import { describe, expect, it } from 'vitest';
import { createAppConfig, createSharedConfig, SHARED_SINGLETONS } from './federation.ts';

describe('createSharedConfig', () => {
  it('shares every singleton with the installed version', () => {
    const shared = createSharedConfig();
    expect(Object.keys(shared)).toEqual([...SHARED_SINGLETONS]);
    for (const entry of Object.values(shared)) {
      expect(entry.singleton).toBe(true);
      expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
    }
    expect(shared['react']!.requiredVersion).toBe('^19.3.1');
    expect(shared['@prata/shared-ui']!.requiredVersion).toBe('^0.1.0');
  });
});

describe('createAppConfig', () => {
  it('gives remotes an automatic public path and never a single runtime chunk', () => {
    const remote = createAppConfig({ name: 'storefront', dir: '/tmp/x', devPort: 3001, kind: 'remote', exposes: { './App': './a.tsx' } });
    expect(remote.output?.publicPath).toBe('auto');
    expect(remote.optimization?.runtimeChunk).toBe(false);
    const host = createAppConfig({ name: 'shell', dir: '/tmp/x', devPort: 8080, kind: 'host' });
    expect(host.output?.publicPath).toBe('/');
  });
});

describe('production builds', () => {
  it('resolve production conditions and the production files of react-router (its exports name only dist/development)', () => {
    const prod = createAppConfig({ name: 'shell', dir: '/tmp/x', devPort: 8080, kind: 'host' }, { mode: 'production' });
    expect(prod.mode).toBe('production');
    expect(prod.optimization?.nodeEnv).toBe('production');
    expect(prod.resolve?.conditionNames?.[0]).toBe('production');
    const alias = prod.resolve?.alias as Record<string, string>;
    expect(alias['react-router$']).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    expect(alias['react-router/dom$']).toMatch(/react-router\/dist\/production\/dom-export\.mjs$/);
    const dev = createAppConfig({ name: 'shell', dir: '/tmp/x', devPort: 8080, kind: 'host' }, { mode: 'development' });
    expect(dev.resolve?.alias).toBeUndefined();
    expect(dev.resolve?.conditionNames?.[0]).toBe('development');
  });
});
