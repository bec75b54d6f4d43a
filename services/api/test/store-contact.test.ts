/**
 * The store's contact details: edited from the panel (admin only, Brazilian phone and
 * WhatsApp mobile numbers and e-mail validated on the server with pt-BR messages, an audit row),
 * served publicly to the footer and the contact page; the hand-written migration matches the entity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_CONTACT, storeContactSchema } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/index.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let customer: SignedIn;

const edited = {
  phone: '11 3333-4444',
  whatsappNumber: '+55 (21) 98888-7777',
  email: ' atendimento@prata925.com.br ',
  address: 'Rua Augusta, 100 · São Paulo, SP',
  openingHours: [
    { days: 'Segunda a Sábado', hours: '10h às 19h' },
    { days: 'Domingo', hours: 'Fechado' },
  ],
};

const put = (payload: object, who?: SignedIn) =>
  service.app.inject({ method: 'PUT', url: '/api/admin/store-contact', headers: who ? bearer(who) : {}, payload });

beforeAll(async () => {
  service = await createTestService();
  admin = await account(service, ['admin'], 'admin');
  customer = await account(service);
});
afterAll(async () => service?.close());

describe('store contact', () => {
  it('serves the defaults on a fresh store', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/store-contact' });
    expect(response.statusCode).toBe(200);
    expect(storeContactSchema.parse(response.json())).toEqual(DEFAULT_STORE_CONTACT);
  });

  it('an admin saves them normalised (masked phone, international WhatsApp digits); the public route serves them; audited', async () => {
    const response = await put(edited, admin);
    expect(response.statusCode).toBe(200);
    const expected = {
      phone: '(11) 3333-4444',
      whatsappNumber: '5521988887777',
      email: 'atendimento@prata925.com.br',
      address: 'Rua Augusta, 100 · São Paulo, SP',
      openingHours: edited.openingHours,
    };
    expect(response.json()).toEqual(expected);
    expect((await service.app.inject({ method: 'GET', url: '/api/store-contact' })).json()).toEqual(expected);
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'store_contact_updated' });
    expect(log.details).toMatchObject({ before: { phone: DEFAULT_STORE_CONTACT.phone }, after: { phone: '(11) 3333-4444' } });
  });

  it('refuses invalid numbers, e-mail and empty hours with pt-BR messages', async () => {
    const response = await put({ ...edited, phone: '(00) 1234-5678', whatsappNumber: '(11) 3333-4444', email: 'nao-e-email', openingHours: [] }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'body.phone', message: 'Telefone inválido' },
        { path: 'body.whatsappNumber', message: 'Número de WhatsApp inválido: use um celular com DDD' },
        { path: 'body.email', message: 'Email inválido' },
        { path: 'body.openingHours', message: 'Informe ao menos um horário de atendimento' },
      ]),
    );
  });

  it('only an admin may save them', async () => {
    expect((await put(edited)).statusCode).toBe(401);
    expect((await put(edited, customer)).statusCode).toBe(403);
  });

  it('the hand-written migration matches the entity', async () => {
    // MikroORM always re-emits triggers: those lines are left out.
    const diff = (await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false })).split('\n').filter((line) => !/trigger|function/.test(line));
    expect(diff.filter((line) => /store_settings/.test(line))).toEqual([]);
  });
});
