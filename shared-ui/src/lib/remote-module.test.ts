/** The RemoteModule contract: which chrome a path gets, and what the shell refuses to mount. */
import { describe, expect, it } from 'vitest';
import { parseRemoteModule, routeLayout, type RemoteModule } from './remote-module.ts';

const App = () => null;
const devtools: RemoteModule = {
  contractVersion: 1,
  App,
  routes: [
    { path: '/developer/*', layout: 'panel' },
    { path: '/developer/ui', layout: 'store' },
    { path: '/developer-login', layout: 'panel' },
  ],
};

describe('routeLayout', () => {
  it.each([
    ['/developer', 'panel'],
    ['/developer/erros/42', 'panel'],
    ['/developer/ui', 'store'],
    ['/developer-login', 'panel'],
    ['/developer-loginx', 'store'],
    ['/', 'store'],
  ] as const)('%s -> %s (the best-ranked pattern wins, unmatched paths get the store chrome)', (path, layout) => {
    expect(routeLayout(devtools, path)).toBe(layout);
  });
});

describe('parseRemoteModule', () => {
  it('accepts a version 1 module', () => {
    expect(parseRemoteModule({ default: devtools }, 'devtools')).toBe(devtools);
  });

  it.each([
    [{}, 'remote "x" exposes no RemoteModule as the default export of ./App'],
    [{ default: App }, 'remote "x" exposes no RemoteModule as the default export of ./App'],
    [{ default: { ...devtools, contractVersion: 2 } }, 'remote "x" uses RemoteModule contract 2; this shell reads 1'],
    [{ default: { ...devtools, App: undefined } }, 'remote "x" exposes no App component'],
    [{ default: { ...devtools, routes: [{ path: 'admin', layout: 'panel' }] } }, 'remote "x" declares invalid routes'],
    [{ default: { ...devtools, routes: [{ path: '/admin', layout: 'fullscreen' }] } }, 'remote "x" declares invalid routes'],
  ])('refuses %j', (exposed, message) => {
    expect(() => parseRemoteModule(exposed, 'x')).toThrow(message);
  });
});
