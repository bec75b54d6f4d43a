/**
 * Source maps: a real minified build (terser) with its source map, run in a real V8
 * context so the stack trace is the one a browser would send; the map uploaded like `npm run
 * release` does; once the `source-map-frames` job ran (never while the report is answered: security
 * review 2026-11-29 #1), the report's top frame comes back as the original file, line and source
 * lines; the same bug in a rebuilt version (other file name, lines moved) is the same issue.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { minify } from 'terser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorIssueDetailSchema } from '@prata/contracts';
import { account, bearer, STAFF_PASSWORD, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let developer: SignedIn;
let customer: SignedIn;
let baseUrl: string;

beforeAll(async () => {
  service = await createTestService();
  developer = await account(service, ['developer'], 'dev', STAFF_PASSWORD);
  customer = await account(service, [], 'cliente');
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => service?.close());

const SOURCE_NAME = 'webpack://storefront/./src/features/cart/add-to-cart.ts';
const source = (padding: number) =>
  [
    ...Array.from({ length: padding }, (_, i) => `// linha extra ${i}`),
    'function addToCart(cart, product) {',
    '  if (product.stock <= 0) {',
    "    throw new TypeError('Produto ' + product.id + ' sem estoque');",
    '  }',
    '  cart.push(product.id);',
    '}',
    'globalThis.run = () => addToCart([], { id: globalThis.productId, stock: 0 });',
  ].join('\n');

/** Minifies `code` into `file` with its map, runs it as if served at `url`, returns the thrown stack. */
async function build(padding: number, file: string) {
  const code = source(padding);
  const out = await minify({ [SOURCE_NAME]: code }, { sourceMap: { includeSources: true, filename: file }, compress: false, mangle: { toplevel: true } });
  const url = `http://127.0.0.1:3001/${file}`;
  const context = vm.createContext({ productId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
  vm.runInContext(out.code!, context, { filename: url });
  let stack = '';
  try {
    vm.runInContext('run()', context);
  } catch (error) {
    stack = (error as Error).stack!;
  }
  const throwLine = code.split('\n').findIndex((line) => line.includes('throw new TypeError')) + 1;
  return { map: String(out.map), stack, throwLine };
}

async function upload(app: string, version: string, files: { name: string; content: string }[], who: SignedIn = developer) {
  const form = new FormData();
  for (const { name, content } of files) form.append('file', new Blob([content], { type: 'application/json' }), name);
  return fetch(`${baseUrl}/api/developer/source-maps/${app}/${version}`, { method: 'PUT', headers: bearer(who), body: form });
}

async function report(stack: string, version: string) {
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/errors',
    payload: { errorType: 'uncaught_error', errorMessage: stack.split('\n')[0], errorStack: stack, remote: 'storefront', version },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as { id: string; count: number };
}

/** Runs the queued jobs: the reports' frames get mapped. */
const runJobs = () => service.app.jobs.tick();

const issue = async (id: string) => errorIssueDetailSchema.parse((await service.app.inject({ method: 'GET', url: `/api/developer/issues/${id}`, headers: bearer(developer) })).json());

describe('source maps', () => {
  it('map a minified frame to the original file, line and source lines, and group a rebuilt version with it', async () => {
    const first = await build(0, 'main.0a1b2c3d.js');
    expect(first.stack).toContain('http://127.0.0.1:3001/main.0a1b2c3d.js:1:');
    const uploaded = await upload('storefront', '0.1.0-0a1b2c3d', [{ name: 'main.0a1b2c3d.js.map', content: first.map }]);
    expect(uploaded.status).toBe(201);
    expect(await uploaded.json()).toEqual({ stored: 1 });

    const one = await report(first.stack, '0.1.0-0a1b2c3d');
    // Answered before any map was read: the frames are as reported until the job runs.
    expect((await issue(one.id)).events[0]!.frames[0]).toMatchObject({ file: 'http://127.0.0.1:3001/main.0a1b2c3d.js', mapped: false });
    await runJobs();
    const detail = await issue(one.id);
    const top = detail.events[0]!.frames[0]!;
    expect(top).toMatchObject({ file: 'src/features/cart/add-to-cart.ts', line: first.throwLine, mapped: true, inApp: true });
    expect(top.context!.lines[first.throwLine - top.context!.firstLine]).toContain("throw new TypeError('Produto ' + product.id + ' sem estoque');");
    expect(detail.issue.errorStack).toContain(`src/features/cart/add-to-cart.ts:${first.throwLine}:`);

    // The next release: lines moved and another chunk name; the same bug is the same issue.
    const second = await build(5, 'main.9f8e7d6c.js');
    expect((await upload('storefront', '0.2.0-9f8e7d6c', [{ name: 'main.9f8e7d6c.js.map', content: second.map }])).status).toBe(201);
    const again = await report(second.stack, '0.2.0-9f8e7d6c');
    expect(again).toEqual({ id: one.id, count: 2, eventId: expect.any(String), replayToken: expect.any(String) });
    await runJobs();
    expect((await issue(one.id)).events[0]!.frames[0]).toMatchObject({ file: 'src/features/cart/add-to-cart.ts', line: second.throwLine });
  });

  it("keep a build's map when a map of the same hashed file is uploaded under another app (security review 2026-11-29 #10)", async () => {
    const genuine = await build(0, 'main.5e5e5e5e.js');
    expect((await upload('storefront', '0.4.0-5e5e5e5e', [{ name: 'main.5e5e5e5e.js.map', content: genuine.map }])).status).toBe(201);
    // A crafted map (other lines) under the same file name, later, as another app.
    const crafted = await build(9, 'main.5e5e5e5e.js');
    expect(crafted.throwLine).not.toBe(genuine.throwLine);
    expect((await upload('devtools', '9.9.9-zzzzzzzz', [{ name: 'main.5e5e5e5e.js.map', content: crafted.map }])).status).toBe(201);
    const { id } = await report(genuine.stack, '0.4.0-5e5e5e5e');
    await runJobs();
    expect((await issue(id)).events[0]!.frames[0]).toMatchObject({ file: 'src/features/cart/add-to-cart.ts', line: genuine.throwLine, mapped: true });
  });

  it('leave frames without a stored map as reported', async () => {
    const orphan = await build(1, 'main.11112222.js');
    const { id } = await report(orphan.stack, '0.3.0-11112222');
    await runJobs();
    expect((await issue(id)).events[0]!.frames[0]).toMatchObject({ file: 'http://127.0.0.1:3001/main.11112222.js', mapped: false });
  });

  it('import the maps of a build directory once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-build-'));
    const built = await build(2, 'main.33334444.js');
    await writeFile(path.join(dir, 'build-info.json'), JSON.stringify({ name: 'storefront', version: '0.4.0-33334444' }));
    await writeFile(path.join(dir, 'main.33334444.js.map'), built.map);
    await writeFile(path.join(dir, 'main.33334444.js'), 'x');
    expect(await service.app.sourceMaps.importBuild(service.db.orm.em.fork(), dir, new Date())).toBe(1);
    expect(await service.app.sourceMaps.importBuild(service.db.orm.em.fork(), dir, new Date())).toBe(0);
    const { id } = await report(built.stack, '0.4.0-33334444');
    await runJobs();
    expect((await issue(id)).events[0]!.frames[0]).toMatchObject({ file: 'src/features/cart/add-to-cart.ts', line: built.throwLine });
  });

  it('refuse what is not a source map, and non-developers', async () => {
    const bad = async (response: Response, message: string) => {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    };
    await bad(await upload('storefront', '1.0.0', [{ name: 'main.js', content: '{}' }]), 'Nome de source map inválido: main.js');
    await bad(await upload('storefront', '1.0.0', [{ name: 'main.0a1b2c3d.js.map', content: 'não é json' }]), 'Source map inválido: main.0a1b2c3d.js');
    await bad(await upload('storefront', '1.0.0', [{ name: 'main.0a1b2c3d.js.map', content: '{"version":2}' }]), 'Source map inválido: main.0a1b2c3d.js');
    await bad(await upload('loja', '1.0.0', [{ name: 'main.0a1b2c3d.js.map', content: '{}' }]), 'Dados inválidos');
    expect((await upload('storefront', '1.0.0', [{ name: 'main.0a1b2c3d.js.map', content: '{}' }], customer)).status).toBe(403);
  });
});
