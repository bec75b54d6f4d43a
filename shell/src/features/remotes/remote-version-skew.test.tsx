/**
 * One version per page view, in the browser: when the build the federation runtime fetched for a
 * remote announces another version than the registry entry the page was composed with, the remote
 * is not run; the skew is reported once as `remote_version_mismatch` naming both versions, and its
 * place shows the new-version notice with a reload (a retry would load the same build).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { configureErrorReporting, setRuntimeConfig } from '@prata/shared-ui/state';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { REMOTE_MODULE_CONTRACT_VERSION } from '@prata/contracts/remote-module';

const manifestUrl = 'http://127.0.0.1:3001/releases/storefront/mf-manifest.json';
const runtime = vi.hoisted(() => ({ buildVersion: '' }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async () => ({ default: { contractVersion: REMOTE_MODULE_CONTRACT_VERSION, App: () => null, routes: [{ path: '/', layout: 'store' }] } }),
  getInstance: () => ({
    options: { name: 'shell', shared: {} },
    snapshotHandler: { manifestCache: new Map([[manifestUrl, { metaData: { buildInfo: { buildVersion: runtime.buildVersion } } }]]) },
  }),
  satisfy: () => true,
}));

const { RemoteErrorBoundary } = await import('./remote-error-boundary.tsx');
const { isVersionSkew, remoteModule } = await import('./remote-modules.ts');

let reports: Record<string, unknown>[];
let rendered: Rendered | undefined;

beforeEach(() => {
  reports = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  configureErrorReporting({ remotes: [{ name: 'storefront', manifestUrl, version: '0.1.0-aaaaaaaa', routes: ['/'] }] });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).endsWith('/api/errors')) reports.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(null, { status: 202 });
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

it('runs the build the page was composed with', async () => {
  runtime.buildVersion = '0.1.0-aaaaaaaa';
  await expect(remoteModule('storefront', 0)).resolves.toMatchObject({ contractVersion: REMOTE_MODULE_CONTRACT_VERSION });
  expect(reports).toEqual([]);
});

it('refuses another build, reports both versions, and offers a reload in its place', async () => {
  runtime.buildVersion = '0.1.0-bbbbbbbb';
  const error = await remoteModule('storefront', 1).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(isVersionSkew(error)).toBe(true);
  expect(reports).toEqual([
    expect.objectContaining({
      errorType: 'remote_version_mismatch',
      remote: 'storefront',
      version: '0.1.0-aaaaaaaa',
      errorMessage: expect.stringContaining('composta com a versão 0.1.0-aaaaaaaa, mas o navegador recebeu a versão 0.1.0-bbbbbbbb'),
    }),
  ]);

  function Refused(): never {
    throw error as Error;
  }
  rendered = render(
    <RemoteErrorBoundary remote="storefront" onRetry={() => undefined}>
      <Refused />
    </RemoteErrorBoundary>,
  );
  const notice = rendered.container.querySelector('[data-testid="remote-version-changed"]');
  expect(notice?.textContent).toContain('Uma nova versão da loja está disponível');
  expect(notice?.querySelector('button')?.textContent).toBe('Recarregar');
  expect(rendered.container.querySelector('[data-testid="remote-fallback"]')).toBeNull();
});
