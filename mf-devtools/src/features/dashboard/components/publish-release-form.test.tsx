/**
 * "Publicar versão" in a remote's versions of the Deployments card, against a real HTTP server
 * speaking the release routes: the form opens on demand, checks the manifest URL and the optional
 * hash before sending anything, sends `POST .../releases/from-manifest` with the typed values
 * (the empty hash left out), lists the new version (not active) and closes; a refusal (422) shows
 * the service's pt-BR message in the form and a 400's issue under its field, leaving the list as
 * it was; "Cancelar" sends nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteReleaseList } from '@prata/contracts';
import { setRuntimeConfig, Toaster, useSessionStore } from '@prata/shared-ui/state';
import { describedByTexts, flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { RemoteReleases } from './remote-releases.tsx';

const MANIFEST = 'http://127.0.0.1:3001/releases/storefront/0.1.0-cccccccc/mf-manifest.json';
const release = (version: string, active: boolean, manifestUrl = `http://127.0.0.1:3001/releases/${version}/mf-manifest.json`) => ({
  remote: 'storefront' as const,
  version,
  manifestUrl,
  integrity: `sha384-${'A'.repeat(64)}`,
  serverIntegrity: null,
  styleIntegrity: null,
  weight: { jsGzip: 29578, cssGzip: 6845 },
  publishedAt: '2026-11-30T09:00:00.000Z',
  publishedBy: 'dev@example.com',
  notes: '',
  active,
});
const initial: RemoteReleaseList = {
  remote: 'storefront',
  active: '0.1.0-bbbbbbbb',
  current: { name: 'storefront', routes: ['/'], version: '0.1.0-bbbbbbbb', manifestUrl: 'http://127.0.0.1:3001/releases/0.1.0-bbbbbbbb/mf-manifest.json' },
  releases: [release('0.1.0-bbbbbbbb', true)],
  history: [],
  canary: null,
};

let server: http.Server;
let state: RemoteReleaseList;
/** What the service answers the next publish: the list (201), or a refusal. */
let answer: 'publish' | 'refuse' | 'field' = 'publish';
const posted: { url: string; body: unknown }[] = [];
let view: Rendered;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, DELETE' };
    if (request.method === 'OPTIONS') return response.writeHead(204, headers).end();
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST') return response.writeHead(200, headers).end(JSON.stringify(state));
      const body = JSON.parse(raw || '{}') as { manifestUrl: string; notes: string };
      posted.push({ url: request.url!, body });
      if (answer === 'refuse') {
        return response.writeHead(422, headers).end(JSON.stringify({ error: 'release_over_budget', message: 'storefront 0.1.0-cccccccc não foi publicada: acima do orçamento de bytes (mf-storefront/package.json, prata.budget):\n  - JS inicial de 40.001 B gzip acima do orçamento de 40.000 B (+1 B)' }));
      }
      if (answer === 'field') {
        const message = `A URL do manifest (${body.manifestUrl}) não está numa origem de release permitida (RELEASE_ORIGINS); nada foi publicado.`;
        return response.writeHead(400, headers).end(JSON.stringify({ error: 'release_origin_not_allowed', message, issues: [{ path: 'body.manifestUrl', message }] }));
      }
      state = { ...state, releases: [{ ...release('0.1.0-cccccccc', false, body.manifestUrl), notes: body.notes }, ...state.releases] };
      response.writeHead(201, headers).end(JSON.stringify(state));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  state = initial;
  answer = 'publish';
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

async function until(predicate: () => boolean) {
  for (let i = 0; i < 50 && !predicate(); i += 1) await flush();
  expect(predicate()).toBe(true);
}
const rows = () => [...view.container.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
const form = () => view.container.querySelector<HTMLFormElement>('form[aria-label="Publicar versão de storefront"]');
const button = (name: string, within: ParentNode = view.container) => [...within.querySelectorAll('button')].find((b) => b.textContent === name)!;
const submit = () => act(() => form()!.requestSubmit());

/** Opens the form and waits for it (it loads on demand). */
async function open() {
  await until(() => rows().length === 1);
  act(() => button('Publicar versão').click());
  await until(() => form() !== null);
}

describe('Publicar versão', () => {
  it('checks the URL and the hash before sending anything', async () => {
    await open();
    submit();
    await until(() => form()!.textContent!.includes('Informe a URL http(s) do mf-manifest.json da versão'));
    type(inputByLabel(form()!, 'URL do mf-manifest.json *'), 'ftp://cdn/mf-manifest.json');
    type(inputByLabel(form()!, 'Hash do remoteEntry.js (opcional)'), 'md5-abc');
    submit();
    await until(() => form()!.textContent!.includes('Hash de integridade inválido: esperado sha384-<base64>'));
    expect(describedByTexts(inputByLabel(form()!, 'URL do mf-manifest.json *'))).toContain('Informe a URL http(s) do mf-manifest.json da versão');
    await flush();
    expect(posted).toEqual([]);
  });

  it('publishes the build at the manifest URL: the new version is listed, not active, and the form closes', async () => {
    await open();
    type(inputByLabel(form()!, 'URL do mf-manifest.json *'), ` ${MANIFEST} `);
    act(() => {
      const notes = form()!.querySelector('textarea')!;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(notes, 'pelo painel');
      notes.dispatchEvent(new Event('input', { bubbles: true }));
    });
    submit();
    await until(() => rows().length === 2);
    expect(posted).toEqual([{ url: '/api/developer/remotes/storefront/releases/from-manifest', body: { manifestUrl: MANIFEST, notes: 'pelo painel', acceptGrowth: false } }]);
    expect(rows()[0]).toContain('0.1.0-cccccccc');
    expect(rows()[0]).not.toContain('ativa');
    expect(rows()[1]).toContain('ativa');
    await until(() => form() === null);
    await until(() => document.body.textContent!.includes('storefront: versão 0.1.0-cccccccc publicada, não ativada'));
  });

  it("shows the service's refusal in the form, a field's under it, and publishes nothing", async () => {
    answer = 'refuse';
    await open();
    type(inputByLabel(form()!, 'URL do mf-manifest.json *'), MANIFEST);
    act(() => form()!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    submit();
    await until(() => form()!.textContent!.includes('acima do orçamento de bytes (mf-storefront/package.json, prata.budget)'));
    expect(form()!.textContent).toContain('JS inicial de 40.001 B gzip acima do orçamento de 40.000 B (+1 B)');
    expect(posted).toEqual([{ url: '/api/developer/remotes/storefront/releases/from-manifest', body: { manifestUrl: MANIFEST, notes: '', acceptGrowth: true } }]);
    answer = 'field';
    submit();
    await until(() => posted.length === 2);
    const url = inputByLabel(form()!, 'URL do mf-manifest.json *');
    await until(() => describedByTexts(url).some((text) => text?.includes('não está numa origem de release permitida') ?? false));
    expect(rows()).toHaveLength(1);
  });

  it('closes without sending on "Cancelar"', async () => {
    await open();
    type(inputByLabel(form()!, 'URL do mf-manifest.json *'), MANIFEST);
    act(() => button('Cancelar', form()!).click());
    await until(() => form() === null);
    await flush();
    expect(posted).toEqual([]);
  });
});
