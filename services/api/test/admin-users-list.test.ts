/**
 * The users tab's list: server-side pages (newest first, `total` of every match, no
 * 500-account ceiling) and a search over name and e-mail with accents and case ignored; admin
 * only; pt-BR 400s for a bad page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let customer: SignedIn;

const list = async (query: string, who: SignedIn = admin) => service.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(who) });
const page = async (query: string) => adminUserPageSchema.parse((await list(query)).json());

beforeAll(async () => {
  service = await createTestService({}, new TestClock(Date.parse('2026-11-20T15:00:00Z')));
  admin = await account(service, ['admin'], 'admin');
  customer = await account(service);
  // 45 more accounts straight in the tables (profiles are what the tab lists), one with accents.
  await sql(
    service,
    `with made as (
       insert into users (id, email, password_hash, email_confirmed_at, created_at, updated_at)
       select gen_random_uuid(), 'lista' || n || '@exemplo.com.br', 'x', now(), now(), now() from generate_series(1, 45) as n
       returning id, email)
     insert into profiles (id, user_id, full_name, email, created_at)
     select gen_random_uuid(), id, case when email = 'lista7@exemplo.com.br' then 'Conceição Araújo' else 'Pessoa ' || email end, email,
            now() - (split_part(split_part(email, '@', 1), 'lista', 2)::int * interval '1 minute')
       from made`,
  );
});
afterAll(async () => service?.close());

describe('GET /api/admin/users', () => {
  it('pages every account, newest first, with the total', async () => {
    const [{ total }] = (await sql<{ total: string }>(service, 'select count(*) as total from profiles')) as [{ total: string }];
    const first = await page('?page=1&pageSize=20');
    expect(first.total).toBe(Number(total));
    expect(first.total).toBeGreaterThanOrEqual(47);
    expect(first.items).toHaveLength(20);
    const created = first.items.map((user) => user.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const pages = await Promise.all([1, 2, 3].map((n) => page(`?page=${n}&pageSize=20`)));
    const ids = pages.flatMap((p) => p.items.map((user) => user.id));
    expect(new Set(ids).size).toBe(Math.min(60, first.total));
    expect((await page(`?page=${Math.ceil(first.total / 20) + 1}`)).items).toEqual([]);
  });

  it('searches name and e-mail ignoring accents and case', async () => {
    const byName = await page('?search=conceicao%20ARAUJO');
    expect(byName.items.map((user) => user.email)).toEqual(['lista7@exemplo.com.br']);
    expect(byName.total).toBe(1);
    const byEmail = await page(`?search=${encodeURIComponent(customer.email.toUpperCase())}`);
    expect(byEmail.items.map((user) => user.email)).toEqual([customer.email]);
    const prefix = await page('?search=lista4');
    expect(prefix.total).toBe(7); // lista4 and lista40 .. lista45
    expect(prefix.items.map((user) => user.email)).toEqual(expect.arrayContaining(['lista4@exemplo.com.br', 'lista45@exemplo.com.br']));
    expect((await page('?search=100%25')).total).toBe(0);
  });

  it('refuses a bad page with a pt-BR message; admins only', async () => {
    const bad = await list('?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: 'querystring.page', message: 'Página inválida' });
    expect((await list('', customer)).statusCode).toBe(403);
  });
});
