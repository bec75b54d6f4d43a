/**
 * The shopper account against real PostgreSQL: saved addresses (`/api/me/addresses`:
 * validation with pt-BR 400s, another shopper's address is a 404, the limit of 10, one default,
 * audit rows), the phone on the profile, the LGPD export holding the addresses and the phone,
 * the self-deletion and the admin's deletion erasing them, and the migration matching the entities.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { SavedAddress } from '../src/modules/addresses/index.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;

beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service?.close());

const home = { label: 'Casa', zipCode: '01310100', street: 'Av. Paulista', number: '1000', complement: 'Ap 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const work = { label: 'Trabalho', zipCode: '40010-000', street: 'Rua Chile', number: '5', neighborhood: 'Centro', city: 'Salvador', state: 'BA' };

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  service.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? bearer(who) : {} });
const add = async (who: SignedIn, body: object = home) => {
  const response = await call(who, 'POST', '/api/me/addresses', body);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; isDefault: boolean; zipCode: string }>();
};
const list = async (who: SignedIn) => (await call(who, 'GET', '/api/me/addresses')).json<{ id: string; label: string; isDefault: boolean }[]>();
const logs = (userId: string, action: string) => service.db.orm.em.fork().count(AdminLog, { userId, action });

describe('saved addresses', () => {
  it('needs a signed-in account', async () => {
    expect((await call(null, 'GET', '/api/me/addresses')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/me/addresses', home)).statusCode).toBe(401);
  });

  it('adds, lists (default first), edits, marks the default and removes, each audited', async () => {
    const ana = await account(service);
    const first = await add(ana);
    expect(first).toMatchObject({ zipCode: '01310-100', isDefault: true });
    const second = await add(ana, work);
    expect(second.isDefault).toBe(false);
    expect((await list(ana)).map((a) => a.label)).toEqual(['Casa', 'Trabalho']);

    const edited = await call(ana, 'PATCH', `/api/me/addresses/${second.id}`, { number: '7', isDefault: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ number: '7', isDefault: true, label: 'Trabalho' });
    expect((await list(ana)).map((a) => [a.label, a.isDefault])).toEqual([['Trabalho', true], ['Casa', false]]);

    const removed = await call(ana, 'DELETE', `/api/me/addresses/${second.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Endereço removido.');
    // The default went away: the remaining one becomes the default.
    expect((await list(ana)).map((a) => [a.label, a.isDefault])).toEqual([['Casa', true]]);

    expect(await logs(ana.userId, 'address_created')).toBe(2);
    expect(await logs(ana.userId, 'address_updated')).toBe(1);
    expect(await logs(ana.userId, 'address_deleted')).toBe(1);
    const row = await service.db.orm.em.fork().findOneOrFail(AdminLog, { userId: ana.userId, action: 'address_created' }, { orderBy: { createdAt: 'asc' } });
    expect(JSON.stringify(row.details)).not.toContain('Paulista');
  });

  it('answers 400 in pt-BR for a wrong CEP, an unknown UF or a missing street', async () => {
    const bia = await account(service);
    const cep = await call(bia, 'POST', '/api/me/addresses', { ...home, zipCode: '1310-10' });
    expect(cep.statusCode).toBe(400);
    expect(JSON.stringify(cep.json())).toContain('CEP inválido');
    const uf = await call(bia, 'POST', '/api/me/addresses', { ...home, state: 'XX' });
    expect(uf.statusCode).toBe(400);
    expect(JSON.stringify(uf.json())).toContain('Estado inválido');
    const street = await call(bia, 'POST', '/api/me/addresses', { ...home, street: ' ' });
    expect(street.statusCode).toBe(400);
    expect(JSON.stringify(street.json())).toContain('Endereço é obrigatório');
    const patch = await call(bia, 'PATCH', `/api/me/addresses/${(await add(bia)).id}`, { zipCode: 'abc' });
    expect(patch.statusCode).toBe(400);
    expect((await call(bia, 'PATCH', '/api/me/addresses/nao-e-uuid', { number: '1' })).statusCode).toBe(400);
    expect(await service.db.orm.em.fork().count(SavedAddress, { user: bia.userId })).toBe(1);
  });

  it("treats another shopper's address as not found (404), and leaves it untouched", async () => {
    const owner = await account(service);
    const other = await account(service);
    const address = await add(owner);
    for (const [method, payload] of [['PATCH', { number: '99' }], ['DELETE', undefined]] as const) {
      const response = await call(other, method, `/api/me/addresses/${address.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Endereço não encontrado.');
    }
    expect(await list(other)).toEqual([]);
    const kept = await list(owner);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: address.id, label: 'Casa' });
    expect((await call(owner, 'GET', '/api/me/addresses')).json()[0].number).toBe('1000');
  });

  it(`refuses the ${MAX_SAVED_ADDRESSES + 1}th address with a 409`, async () => {
    const carla = await account(service);
    for (let index = 0; index < MAX_SAVED_ADDRESSES; index++) await add(carla, { ...home, label: `Endereço ${index + 1}` });
    const over = await call(carla, 'POST', '/api/me/addresses', home);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Você pode salvar até 10 endereços. Remova um para adicionar outro.');
    expect(await service.db.orm.em.fork().count(SavedAddress, { user: carla.userId })).toBe(MAX_SAVED_ADDRESSES);
    expect((await list(carla)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe('profile phone', () => {
  it('stores a valid Brazilian phone as digits, refuses an invalid one, and keeps it when omitted', async () => {
    const dani = await account(service);
    const saved = await call(dani, 'PATCH', '/api/me/profile', { fullName: 'Daniela Prado', phone: '(11) 98765-4321' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ fullName: 'Daniela Prado', phone: '11987654321' });
    const wrong = await call(dani, 'PATCH', '/api/me/profile', { fullName: 'Daniela Prado', phone: '123' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Telefone inválido');
    expect((await call(dani, 'PATCH', '/api/me/profile', { fullName: 'Dani' })).json().phone).toBe('11987654321');
    expect((await call(dani, 'GET', '/api/me/profile')).json()).toMatchObject({ fullName: 'Dani', phone: '11987654321' });
    const cleared = await call(dani, 'PATCH', '/api/me/profile', { fullName: 'Dani', phone: '' });
    expect(cleared.json()).toMatchObject({ phone: null });
    const row = await service.db.orm.em.fork().findOneOrFail(AdminLog, { userId: dani.userId, action: 'profile_updated' }, { orderBy: { createdAt: 'asc' } });
    expect(JSON.stringify(row.details)).not.toContain('98765');
  });
});

describe('LGPD', () => {
  it('the export holds the saved addresses and the phone', async () => {
    const eva = await account(service);
    await call(eva, 'PATCH', '/api/me/profile', { fullName: 'Eva Lima', phone: '21 3456-7890' });
    await add(eva, work);
    const exported = await call(eva, 'GET', '/api/me/export');
    expect(exported.statusCode).toBe(200);
    const body = exported.json();
    expect(body.profile).toEqual({ fullName: 'Eva Lima', phone: '2134567890' });
    expect(body.addresses).toHaveLength(1);
    expect(body.addresses[0]).toMatchObject({ label: 'Trabalho', zipCode: '40010-000', street: 'Rua Chile', state: 'BA', isDefault: true });
  });

  it("the shopper's own deletion erases the saved addresses", async () => {
    const fabi = await account(service);
    await add(fabi);
    await add(fabi, work);
    const deleted = await call(fabi, 'DELETE', '/api/me', { currentPassword: fabi.password });
    expect(deleted.statusCode).toBe(200);
    expect(await service.db.orm.em.fork().count(SavedAddress, { user: fabi.userId })).toBe(0);
  });

  it("the admin's deletion erases them too", async () => {
    const admin = await account(service, ['admin'], 'admin');
    const gabi = await account(service);
    await add(gabi);
    const deleted = await call(admin, 'DELETE', `/api/admin/users/${gabi.userId}`);
    expect(deleted.statusCode).toBe(200);
    expect(await service.db.orm.em.fork().count(SavedAddress, { user: gabi.userId })).toBe(0);
  });
});

describe('schema', () => {
  it('the account migration matches the entities (saved_addresses, profiles.phone)', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/saved_addresses|"phone"/);
  });
});
