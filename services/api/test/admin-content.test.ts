/**
 * Content, social links and the activity log from the panel (admin.md 3, 4, 7, 8, 9):
 * section edits served to the storefront as stored (text, markup kept as text) with an audit
 * row; social links validated as http(s) URLs on the server, empty slots null; the activity log
 * filtered by period, action and free text (accents and case ignored), at most 100 rows, with a
 * summary of every matching row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogPageSchema, socialLinksListSchema } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-11-20T15:00:00Z'));
let service: TestService;
let admin: SignedIn;

const put = (url: string, payload: object, who: SignedIn = admin) => service.app.inject({ method: 'PUT', url, headers: bearer(who), payload });

beforeAll(async () => {
  service = await createTestService({}, clock);
  admin = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

describe('PUT /api/admin/content/:key', () => {
  it('saves title and text (trimmed) that the public route then serves as they are, with an audit row', async () => {
    const text = 'Trocas em até 30 dias.\n\n<script>alert(1)</script> fica como texto.';
    const response = await put('/api/admin/content/exchange_policy', { title: ' Política de Troca ', content: `  ${text}  ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sectionKey: 'exchange_policy', title: 'Política de Troca', content: text });
    const served = await service.app.inject({ method: 'GET', url: '/api/content/exchange_policy' });
    expect(served.json()).toMatchObject({ title: 'Política de Troca', content: text });
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'content_updated' });
    expect(log.details).toMatchObject({ sectionKey: 'exchange_policy', before: { title: 'Política de Troca e Devolução' }, after: { title: 'Política de Troca', content: text } });
  });

  it('refuses an empty title or text, answers 404 for an unknown section', async () => {
    const empty = await put('/api/admin/content/about_us', { title: '  ', content: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'body.title', message: 'Título é obrigatório' },
        { path: 'body.content', message: 'Conteúdo é obrigatório' },
      ]),
    );
    expect((await put('/api/admin/content/refund_policy', { title: 'x', content: 'y' })).json()).toEqual({ error: 'not_found', message: 'Conteúdo não encontrado' });
  });
});

describe('PUT /api/admin/social-links', () => {
  const links = (platform: string, link1: string | null, link2: string | null = '', link3: string | null = null, link4: string | null = null) => ({ platform, link1, link2, link3, link4 });

  it('saves up to four links per platform; empty slots become null; the public route serves them', async () => {
    const response = await put('/api/admin/social-links', {
      links: [
        links('instagram', 'https://instagram.com/prata925.oficial', 'https://instagram.com/prata925.outlet'),
        links('facebook', 'https://facebook.com/prata925', '', 'https://fb.me/prata925', 'http://facebook.com/p925'),
        links('telegram', ''),
        links('whatsapp', 'https://wa.me/5511988887777'),
      ],
    });
    expect(response.statusCode).toBe(200);
    const served = socialLinksListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/social-links' })).json());
    expect(served).toEqual([
      { platform: 'instagram', link1: 'https://instagram.com/prata925.oficial', link2: 'https://instagram.com/prata925.outlet', link3: null, link4: null },
      { platform: 'facebook', link1: 'https://facebook.com/prata925', link2: null, link3: 'https://fb.me/prata925', link4: 'http://facebook.com/p925' },
      { platform: 'telegram', link1: null, link2: null, link3: null, link4: null },
      { platform: 'whatsapp', link1: 'https://wa.me/5511988887777', link2: null, link3: null, link4: null },
    ]);
    expect(await service.db.orm.em.fork().count(AdminLog, { action: 'social_links_updated' })).toBe(1);
  });

  it.each(['javascript:alert(1)', 'ftp://prata925.com.br/x', 'instagram.com/prata925', 'https://', 'https://localhost/x'])('refuses %s', async (bad) => {
    const response = await put('/api/admin/social-links', { links: [links('instagram', bad)] });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'body.links.0.link1', message: 'Informe um link válido começando com http:// ou https://' });
  });

  it('refuses an unknown or repeated platform', async () => {
    expect((await put('/api/admin/social-links', { links: [links('tiktok', 'https://tiktok.com/@p')] })).statusCode).toBe(400);
    const twice = await put('/api/admin/social-links', { links: [links('instagram', null), links('instagram', null)] });
    expect(twice.json().issues).toContainEqual({ path: 'body.links', message: 'Plataforma repetida' });
  });
});

describe('GET /api/admin/logs', () => {
  const page = async (query = '') => {
    const response = await service.app.inject({ method: 'GET', url: `/api/admin/logs${query}`, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    return adminLogPageSchema.parse(response.json());
  };

  beforeAll(async () => {
    await sql(service, 'delete from admin_logs');
    let older = 0;
    // Each row is a second older than the one before it, so the newest-first order is known.
    const row = (action: string, daysAgo: number, details: object, ip: string) =>
      sql(service, `insert into admin_logs (id, user_id, action, details, ip_address, user_agent, created_at) values (gen_random_uuid(), ?, ?, ?::jsonb, ?, 'vitest', ?)`, [
        admin.userId,
        action,
        JSON.stringify(details),
        ip,
        new Date(clock.now().getTime() - daysAgo * 86_400_000 - 60_000 - (older += 1000)).toISOString(),
      ]);
    await row('login', 0, {}, '10.0.0.1');
    await row('login_failed', 0, { email: 'x@exemplo.com.br' }, '10.0.0.2');
    await row('product_updated', 2, { name: 'Anel Coração', before: { priceCents: 100 } }, '10.0.0.1');
    await row('2fa_enabled', 10, {}, '10.0.0.1');
    await row('profile_updated', 40, {}, '10.0.0.3');
    await row('role_granted', 100, {}, '10.0.0.1');
    for (let i = 0; i < 120; i += 1) await row('product_created', 50, { name: `Produto ${i}` }, '10.0.0.4');
  });

  it('defaults to the last 7 days and all actions, newest first, with a summary', async () => {
    const { rows, summary } = await page();
    expect(rows.map((r) => r.action)).toEqual(['login', 'login_failed', 'product_updated']);
    expect(summary).toEqual({ total: 3, byFilter: { login: 2, product: 1, '2fa': 0, profile: 0, other: 0 }, failedLogins: 1, addresses: 2 });
  });

  it('filters by period (1, 30, 90, all) and by action', async () => {
    expect((await page('?period=1')).rows.map((r) => r.action)).toEqual(['login', 'login_failed']);
    expect((await page('?period=30')).summary.total).toBe(4);
    expect((await page('?period=90&action=product')).summary).toMatchObject({ total: 121, byFilter: { product: 121 } });
    expect((await page('?period=all&action=2fa')).rows.map((r) => r.action)).toEqual(['2fa_enabled']);
    expect((await page('?period=all&action=profile')).rows.map((r) => r.action)).toEqual(['profile_updated']);
    expect((await page('?period=all')).summary.byFilter.other).toBe(1);
  });

  it('returns at most 100 rows while the summary counts every match', async () => {
    const all = await page('?period=all');
    expect(all.rows).toHaveLength(100);
    expect(all.summary.total).toBe(126);
  });

  it('searches the action and the details, ignoring case and accents', async () => {
    expect((await page('?period=all&search=CORACAO')).rows.map((r) => r.action)).toEqual(['product_updated']);
    expect((await page('?period=all&search=failed')).rows.map((r) => r.action)).toEqual(['login_failed']);
    expect((await page('?period=all&search=Produto%2011')).summary.total).toBe(11); // 11, 110..119
  });

  it('refuses unknown filters', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/admin/logs?period=2&action=orders', headers: bearer(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'querystring.period', message: 'Período inválido' },
        { path: 'querystring.action', message: 'Filtro de ação inválido' },
      ]),
    );
  });
});
