/**
 * System status and QA (admin.md 2, 3, 8): every status check probes the real system
 * (a storage folder that cannot be written turns the storage and upload checks to errors; a
 * remote whose manifest does not answer is an error), and the QA run finds planted problems,
 * none on the clean seeded store, keeps ignored issues ignored and resolves what was fixed.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qaRunResultSchema, systemStatusSchema, type HealthCheck } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { freePort } from './free-port.ts';

let service: TestService;
let admin: SignedIn;
let manifestServer: http.Server;

async function status(): Promise<Map<string, HealthCheck>> {
  const response = await service.app.inject({ method: 'GET', url: '/api/admin/system-status', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return new Map(systemStatusSchema.parse(response.json()).checks.map((check) => [check.id, check]));
}

async function runQa() {
  const response = await service.app.inject({ method: 'POST', url: '/api/admin/qa/runs', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return qaRunResultSchema.parse(response.json());
}

beforeAll(async () => {
  manifestServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 'storefront', name: 'storefront' }));
  });
  manifestServer.listen(0, '127.0.0.1');
  await once(manifestServer, 'listening');
  const up = `http://127.0.0.1:${(manifestServer.address() as net.AddressInfo).port}`;
  const down = `http://127.0.0.1:${await freePort()}`;
  service = await createTestService({ REMOTE_STOREFRONT_URL: up, REMOTE_CHECKOUT_URL: up, REMOTE_ADMIN_URL: up, REMOTE_DEVTOOLS_URL: down });
  admin = await account(service, ['admin'], 'admin');
  await account(service); // a customer: the permissions probe uses one
});
afterAll(async () => {
  manifestServer?.close();
  await service?.close();
});

describe('system status', () => {
  it('reports each real check with the spec texts', async () => {
    const checks = await status();
    expect(checks.get('database')).toMatchObject({ status: 'success', message: 'Conexão estabelecida com sucesso' });
    expect(checks.get('storage')).toMatchObject({ status: 'success', message: 'Bucket de imagens configurado' });
    expect(checks.get('auth')).toMatchObject({ status: 'success', message: 'Usuário autenticado', details: admin.email });
    expect(checks.get('products')).toMatchObject({ status: 'success', message: 'Tabela acessível', details: '36 produtos' });
    expect(checks.get('users')).toMatchObject({ status: 'success', message: 'Sistema de usuários ativo' });
    expect(checks.get('permissions')).toMatchObject({ status: 'success', message: 'Sistema de permissões ativo', details: 'Sem login: recusado (401). Cliente: recusado (403).' });
    expect(checks.get('upload')).toMatchObject({ status: 'success', message: 'Upload de imagens funcional' });
    expect(checks.get('realtime')).toMatchObject({ status: 'success', message: 'Realtime ativo' });
    expect(checks.get('remote-storefront')).toMatchObject({ status: 'success', message: 'Remote storefront disponível' });
    expect(checks.get('remote-devtools')).toMatchObject({ status: 'error', message: 'Remote devtools indisponível' });
    expect([...checks.values()].some((check) => check.message === 'Políticas RLS configuradas')).toBe(false);
  });

  it('turns storage and upload to ERRO when the bucket folder cannot be written', async () => {
    const bucket = path.join(service.config.storageRoot, 'product-images');
    const aside = `${bucket}.aside`;
    await rename(bucket, aside);
    await writeFile(bucket, 'not a folder');
    try {
      const checks = await status();
      expect(checks.get('storage')).toMatchObject({ status: 'error', message: 'Erro no storage' });
      expect(checks.get('storage')!.details).toMatch(/ENOTDIR|EEXIST|not a directory/i);
      expect(checks.get('upload')).toMatchObject({ status: 'error', message: 'Erro no upload de imagens' });
      expect(checks.get('database')!.status).toBe('success');
    } finally {
      await rm(bucket, { force: true });
      await rename(aside, bucket);
    }
    expect((await status()).get('storage')!.status).toBe('success');
  });

  it('warns when the bucket folder does not exist', async () => {
    const bucket = path.join(service.config.storageRoot, 'product-images');
    await rename(bucket, `${bucket}.gone`);
    try {
      expect((await status()).get('storage')).toMatchObject({ status: 'warning', message: 'Bucket de imagens não encontrado' });
    } finally {
      await rm(bucket, { recursive: true, force: true }); // the upload probe may have made an empty one
      await rename(`${bucket}.gone`, bucket);
    }
  });
});

describe('QA run', () => {
  const sql = (query: string, params: unknown[] = []) => service.db.orm.em.fork().getConnection().execute(query, params);

  it('finds nothing wrong in the clean seeded store but the remote that is down', async () => {
    const result = await runQa();
    expect(result.checked).toBe(9);
    expect(result.issues.filter((issue) => issue.status === 'open').map((issue) => issue.component)).toEqual(['Remote devtools']);
  });

  it('finds planted problems, keeps ignored ones ignored, and resolves what was fixed', async () => {
    const name = `Colar Plantado ${randomUUID().slice(0, 6)}`;
    const [planted] = await sql(
      `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
       values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), ?, 'colares', 0, null, null, false, false, true, 0, now(), now()) returning id`,
      [name],
    );
    await sql("update social_links set link_1 = 'javascript:alert(1)' where platform = 'instagram'");
    await sql("delete from content_sections where section_key = 'shipping_info'");
    await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'uncaught_error', errorMessage: 'plantado' } });

    const found = (await runQa()).issues.filter((issue) => issue.status === 'open');
    const describe = (component: string) => found.filter((issue) => issue.component === component).map((issue) => [issue.type, issue.priority, issue.description]);
    expect(describe('Produtos')).toEqual(
      expect.arrayContaining([
        ['warning', 'medium', `Produto sem imagem: ${name}`],
        ['info', 'low', `Produto sem descrição: ${name}`],
        ['error', 'critical', `Produto com preço inválido (R$ 0,00 ou menos): ${name}`],
      ]),
    );
    expect(describe('Vitrine')).toEqual([['warning', 'high', `Produto em destaque sem estoque: ${name}`]]);
    expect(describe('Redes Sociais')).toEqual([['warning', 'medium', 'Link inválido em instagram (link 1): javascript:alert(1)']]);
    expect(describe('Conteúdo')).toEqual([['warning', 'high', 'Seção de conteúdo ausente ou vazia: shipping_info']]);
    expect(describe('Erros do Sistema')).toEqual([['error', 'high', '1 erro do sistema sem solução']]);

    const social = found.find((issue) => issue.component === 'Redes Sociais')!;
    const ignored = await service.app.inject({ method: 'PATCH', url: `/api/admin/qa/issues/${social.id}`, headers: bearer(admin), payload: { status: 'ignored' } });
    expect(ignored.json()).toMatchObject({ status: 'ignored', resolvedAt: null });
    const vitrine = found.find((issue) => issue.component === 'Vitrine')!;
    const resolved = await service.app.inject({ method: 'PATCH', url: `/api/admin/qa/issues/${vitrine.id}`, headers: bearer(admin), payload: { status: 'resolved' } });
    expect(resolved.json().status).toBe('resolved');
    expect(resolved.json().resolvedAt).not.toBeNull();

    await sql('update products set stock = 5, price_cents = 9900 where id = ?', [planted!.id]);
    const after = (await runQa()).issues;
    const byId = new Map(after.map((issue) => [issue.id, issue]));
    expect(byId.get(social.id)!.status).toBe('ignored');
    expect(byId.get(vitrine.id)!.status).toBe('resolved');
    const price = found.find((issue) => issue.priority === 'critical' && issue.component === 'Produtos')!;
    expect(byId.get(price.id)).toMatchObject({ status: 'resolved' });
    expect(after.filter((issue) => issue.status === 'open').some((issue) => issue.description === `Produto sem imagem: ${name}`)).toBe(true);
  });

  it("refuses a status other than 'resolved' or 'ignored', and unknown ids", async () => {
    const bad = await service.app.inject({ method: 'PATCH', url: `/api/admin/qa/issues/${randomUUID()}`, headers: bearer(admin), payload: { status: 'open' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await service.app.inject({ method: 'PATCH', url: `/api/admin/qa/issues/${randomUUID()}`, headers: bearer(admin), payload: { status: 'ignored' } });
    expect(unknown.statusCode).toBe(404);
  });
});
