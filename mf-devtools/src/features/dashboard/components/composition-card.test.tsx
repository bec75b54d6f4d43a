/**
 * The composition map against a real HTTP server answering
 * `GET /api/developer/composition`: a column for the shell, each remote's active build and a
 * running canary; a row per shared library with what each provides or requires; a requirement the
 * shell does not meet highlighted and listed in pt-BR; a build without build-info.json marked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Composition, CompositionBuild } from '@prata/contracts';
import { setRuntimeConfig, useSessionStore } from '@prata/shared-ui';
import { flush, render } from '@prata/shared-ui/testing';
import CompositionCard from './composition-card.tsx';

const info = (version: string, shared: Record<string, string>) => ({ version, contractVersion: 1, shared, weight: { jsGzip: 29_578, cssGzip: 6845 } });
const build = (version: string, shared: Record<string, string> | null, problems: CompositionBuild['problems'] = []): CompositionBuild => ({
  version,
  manifestUrl: `http://127.0.0.1:3001/releases/${version}/mf-manifest.json`,
  weight: shared ? { jsGzip: 29_578, cssGzip: 6845 } : null,
  buildInfo: shared ? info(version, shared) : null,
  problems: shared ? problems : null,
});
const composition: Composition = {
  shell: { buildInfoUrl: 'http://127.0.0.1:8080/build-info.json', buildInfo: info('0.1.0-5e11a000', { react: '19.3.1', zustand: '5.1.0' }) },
  remotes: [
    {
      remote: 'storefront',
      active: build('0.1.0-aaaaaaaa', { react: '^19.3.1', zustand: '^5.1.0' }),
      canary: { ...build('0.1.0-bbbbbbbb', { react: '^20.0.0' }, [{ library: 'react', message: 'o remote pede react ^20.0.0, e o shell fornece 19.3.1' }]), percent: 25 },
    },
    { remote: 'checkout', active: build('0.1.0', null), canary: null },
  ],
};

let server: http.Server;
beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end(JSON.stringify(composition));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  useSessionStore.getState().setSession({ user: { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'dev@example.com', fullName: 'Dev' }, accessToken: 't', roles: ['developer'] });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('CompositionCard', () => {
  it('maps the shell and each build, highlighting what the shell does not meet', async () => {
    const view = render(<CompositionCard />);
    const table = () => view.container.querySelector('[data-testid="composition"]');
    for (let i = 0; i < 50 && !table(); i += 1) await flush();
    const headers = [...table()!.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['Biblioteca', 'shell', 'storefront', 'storefront · canário 25%', 'checkout sem build-info.json']);
    const row = (name: string) => [...table()!.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('th')!.textContent === name)!;
    const cells = (name: string) => [...row(name).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells('Versão')).toEqual(['0.1.0-5e11a000', '0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb', '0.1.0']);
    expect(cells('Peso inicial (gzip)')).toEqual(['JS 29,6 kB · CSS 6,8 kB', 'JS 29,6 kB · CSS 6,8 kB', 'JS 29,6 kB · CSS 6,8 kB', '—']);
    expect(cells('zustand')).toEqual(['5.1.0', '^5.1.0', '—', '—']);
    const react = row('react').querySelectorAll('td');
    expect(react[0]!.textContent).toBe('19.3.1');
    expect(react[1]!.querySelector('.badgeDanger')).toBeNull();
    expect(react[2]!.querySelector('.badgeDanger')!.textContent).toBe('^20.0.0');
    expect(react[2]!.querySelector('[title]')!.getAttribute('title')).toBe('o remote pede react ^20.0.0, e o shell fornece 19.3.1');
    expect(view.container.querySelector('ul[aria-label="Incompatibilidades com o shell"]')!.textContent).toBe('storefront · canário 25%: o remote pede react ^20.0.0, e o shell fornece 19.3.1');
    view.unmount();
  });
});
