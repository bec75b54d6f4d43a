/**
 * A remote's versions in the Deployments card against a real HTTP server speaking the release
 * routes: the list with the active version marked; "Ativar", "Reverter", "Canário", "Promover" and
 * "Parar canário" each open a confirmation that says what will happen: "Cancelar" sends
 * nothing, confirming calls the route and shows its answer; a canary's percentage is checked
 * (1-99) before anything is sent; a refusal (409) leaves the list as it was, with the service's
 * message in a toast.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteReleaseList } from '@prata/contracts';
import { setRuntimeConfig, Toaster, useSessionStore } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { RemoteReleases } from './remote-releases.tsx';

const entry = { name: 'storefront' as const, routes: ['/'] };
const release = (version: string, active: boolean) => ({
  remote: 'storefront' as const,
  version,
  manifestUrl: `http://127.0.0.1:3001/releases/${version}/mf-manifest.json`,
  integrity: `sha384-${'A'.repeat(64)}`,
  serverIntegrity: null,
  styleIntegrity: null,
  // The older version was recorded before weights were.
  weight: version.endsWith('b') ? { jsGzip: 29578, cssGzip: 6845 } : null,
  publishedAt: '2026-11-23T09:00:00.000Z',
  publishedBy: 'cli:root',
  notes: version.endsWith('b') ? 'novo título' : '',
  active,
});
const listWith = (active: string | null): RemoteReleaseList => ({
  remote: 'storefront',
  active,
  current: { ...entry, version: active ?? '0.1.0', manifestUrl: active ? `http://127.0.0.1:3001/releases/${active}/mf-manifest.json` : 'http://127.0.0.1:3001/mf-manifest.json' },
  releases: [release('0.1.0-bbbbbbbb', active === '0.1.0-bbbbbbbb'), release('0.1.0-aaaaaaaa', active === '0.1.0-aaaaaaaa')],
  history: [],
  canary: null,
});

let server: http.Server;
let state: RemoteReleaseList;
let refuse = false;
const posted: { method: string; url: string; body: unknown }[] = [];
let view: Rendered;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, DELETE' };
    if (request.method === 'OPTIONS') return response.writeHead(204, headers).end();
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' || request.method === 'DELETE') {
        const body = JSON.parse(raw || '{}') as { version?: string; percent?: number };
        posted.push({ method: request.method, url: request.url!, body });
        if (refuse) return response.writeHead(409, headers).end(JSON.stringify({ error: 'release_unverified', message: 'Não foi possível ler o manifest de storefront 0.1.0-aaaaaaaa (HTTP 404); a versão não foi ativada.' }));
        if (request.url!.endsWith('/canary')) {
          const canary = request.method === 'POST' ? { version: body.version!, percent: body.percent!, startedAt: '2026-11-27T10:00:00.000Z', startedBy: 'dev@example.com' } : null;
          state = { ...state, canary };
        } else state = listWith(request.url!.endsWith('/rollback') ? '0.1.0-aaaaaaaa' : body.version!);
      }
      response.writeHead(200, headers).end(JSON.stringify(state));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  state = listWith('0.1.0-bbbbbbbb');
  refuse = false;
  posted.length = 0;
  useSessionStore.getState().setSession({ user: { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'dev@example.com', fullName: 'Dev' }, accessToken: 't', roles: ['developer'] });
  view = render(
    <>
      <RemoteReleases remote="storefront" />
      <Toaster />
    </>,
  );
});
afterEach(() => view.unmount());

/** Waits (real HTTP) until `predicate` holds. */
async function until(predicate: () => boolean) {
  for (let i = 0; i < 50 && !predicate(); i += 1) await flush();
  expect(predicate()).toBe(true);
}
const rows = () => [...view.container.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
/** The open confirmation dialog (rendered in a portal), or null. */
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogButton = (name: string) => [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === name)!;
const button = (name: string, row?: number) =>
  [...(row === undefined ? view.container : view.container.querySelectorAll('tbody tr')[row]!).querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('RemoteReleases', () => {
  it('lists the versions newest first with the active one marked', async () => {
    await until(() => rows().length === 2);
    expect(rows()[0]).toContain('0.1.0-bbbbbbbb ativa');
    expect(rows()[0]).toContain('novo título');
    expect(rows()[1]).toContain('0.1.0-aaaaaaaa');
    expect(button('Ativar', 0)).toBeUndefined();
  });

  it("shows each version's initial weight (JS and CSS gzip), a dash when none was recorded", async () => {
    await until(() => rows().length === 2);
    const cells = [...view.container.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[2]!);
    expect(cells[0]!.textContent).toBe('JS 29,6 kB · CSS 6,8 kB');
    expect(cells[0]!.querySelector('span')!.title).toBe('JS 29.578 bytes, CSS 6.845 bytes (gzip)');
    expect(cells[1]!.textContent).toBe('—');
  });

  it('asks before rolling back or activating; confirming calls the service and shows its answer', async () => {
    await until(() => rows().length === 2);
    act(() => button('Reverter').click());
    await until(() => dialog() !== null);
    expect(dialog()!.textContent).toContain('Reverter storefront?');
    expect(dialog()!.textContent).toContain('Todos os clientes voltam para a versão 0.1.0-aaaaaaaa, publicada antes de 0.1.0-bbbbbbbb');
    expect(posted).toEqual([]);
    act(() => dialogButton('Reverter').click());
    await until(() => rows()[1]?.includes('ativa') ?? false);
    expect(posted).toEqual([{ method: 'POST', url: '/api/developer/remotes/storefront/rollback', body: {} }]);
    await until(() => dialog() === null);
    act(() => button('Ativar', 0).click());
    await until(() => dialog()?.textContent?.includes('Ativar a versão 0.1.0-bbbbbbbb de storefront?') ?? false);
    expect(dialog()!.textContent).toContain('no lugar de a versão 0.1.0-aaaaaaaa');
    act(() => dialogButton('Ativar').click());
    await until(() => rows()[0]?.includes('ativa') ?? false);
    expect(posted[1]).toEqual({ method: 'POST', url: '/api/developer/remotes/storefront/activate', body: { version: '0.1.0-bbbbbbbb' } });
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    await until(() => rows().length === 2);
    act(() => button('Ativar', 1).click());
    await until(() => dialog() !== null);
    act(() => dialogButton('Cancelar').click());
    await until(() => dialog() === null);
    act(() => button('Canário', 1).click());
    await until(() => dialog() !== null);
    act(() => dialogButton('Cancelar').click());
    await until(() => dialog() === null);
    await flush();
    expect(posted).toEqual([]);
    expect(rows()[0]).toContain('ativa');
  });

  it('starts a canary with the percentage chosen, checked before it is sent; then promotes it or stops it', async () => {
    await until(() => rows().length === 2);
    act(() => button('Canário', 1).click());
    await until(() => dialog() !== null);
    expect(dialog()!.textContent).toContain('Iniciar um canário de 0.1.0-aaaaaaaa em storefront?');
    expect(dialog()!.textContent).toContain('os demais continuam com a versão 0.1.0-bbbbbbbb');
    const percent = inputByLabel(dialog()!, 'Porcentagem de clientes *');
    expect(percent.value).toBe('10');
    type(percent, '100');
    act(() => dialogButton('Iniciar canário').click());
    await until(() => dialog()!.textContent!.includes('Porcentagem entre 1 e 99'));
    expect(posted).toEqual([]);
    type(percent, '25');
    act(() => dialogButton('Iniciar canário').click());
    await until(() => rows()[1]?.includes('canário 25%') ?? false);
    expect(posted).toEqual([{ method: 'POST', url: '/api/developer/remotes/storefront/canary', body: { version: '0.1.0-aaaaaaaa', percent: 25 } }]);

    // The canary's row offers to stop it or promote it.
    await until(() => dialog() === null);
    act(() => button('Parar canário', 1).click());
    await until(() => dialog()?.textContent?.includes('Parar o canário de storefront?') ?? false);
    expect(dialog()!.textContent).toContain('Os clientes que recebem 0.1.0-aaaaaaaa, 25% dos clientes voltam para a versão 0.1.0-bbbbbbbb');
    act(() => dialogButton('Parar canário').click());
    await until(() => !(rows()[1]?.includes('canário') ?? true));
    expect(posted[1]).toEqual({ method: 'DELETE', url: '/api/developer/remotes/storefront/canary', body: {} });

  });

  it('promotes the running canary after asking', async () => {
    state = { ...listWith('0.1.0-bbbbbbbb'), canary: { version: '0.1.0-aaaaaaaa', percent: 30, startedAt: '2026-11-27T10:00:00.000Z', startedBy: 'dev@example.com' } };
    view.unmount();
    view = render(<RemoteReleases remote="storefront" />);
    await until(() => rows()[1]?.includes('canário 30%') ?? false);
    act(() => button('Promover', 1).click());
    await until(() => dialog()?.textContent?.includes('Promover o canário 0.1.0-aaaaaaaa de storefront?') ?? false);
    expect(dialog()!.textContent).toContain('hoje servida a 30% dos clientes, passa a ser servida a todos');
    act(() => dialogButton('Promover').click());
    await until(() => rows()[1]?.includes('ativa') ?? false);
    expect(posted).toEqual([{ method: 'POST', url: '/api/developer/remotes/storefront/activate', body: { version: '0.1.0-aaaaaaaa' } }]);
  });

  it("keeps the list as it was when the service refuses, telling the service's reason", async () => {
    await until(() => rows().length === 2);
    refuse = true;
    act(() => button('Ativar', 1).click());
    await until(() => dialog() !== null);
    act(() => dialogButton('Ativar').click());
    await until(() => posted.length === 1);
    await until(() => document.body.textContent!.includes('Não foi possível ler o manifest de storefront 0.1.0-aaaaaaaa (HTTP 404); a versão não foi ativada.'));
    expect(rows()[0]).toContain('ativa');
  });
});
