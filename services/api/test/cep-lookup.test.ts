/**
 * `GET /api/cep/:cep` over the ViaCEP adapter, against a local double of ViaCEP's
 * documented API (viacep-double.ts): known CEPs fill the address, unknown ones are 404, a malformed
 * one is a 400 in Portuguese, and a lookup that is slow, failing, turned off or past the store's
 * budget of calls is a 503 that tells the shopper to fill the address by hand; answers are cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEP_LOOKUP_UNAVAILABLE_MESSAGE, CEP_NOT_FOUND_MESSAGE } from '@prata/contracts';
import { createTestService, type TestService } from './helpers.ts';
import { ViaCepDouble } from './viacep-double.ts';

const double = new ViaCepDouble();
let service: TestService;

beforeAll(async () => {
  await double.start();
  service = await createTestService({ CEP_LOOKUP_URL: double.url, CEP_LOOKUP_TIMEOUT_MS: '800' });
});
afterAll(async () => {
  await service?.close();
  await double.stop();
});

const lookup = (cep: string) => service.app.inject({ method: 'GET', url: `/api/cep/${cep}` });

describe('GET /api/cep/:cep', () => {
  it('fills the address of a known CEP, with or without the hyphen', async () => {
    for (const cep of ['69005-010', '69005010']) {
      const response = await lookup(cep);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ zipCode: '69005-010', street: 'Rua Marechal Deodoro', neighborhood: 'Centro', city: 'Manaus', state: 'AM' });
    }
    expect(double.requests.at(-1)).toBe('/ws/69005010/json/');
  });

  it('answers a city-wide CEP with an empty street and neighbourhood', async () => {
    expect((await lookup('78175-000')).json()).toEqual({ zipCode: '78175-000', street: '', neighborhood: '', city: 'Poconé', state: 'MT' });
  });

  it('is a 404 for a CEP that does not exist (both of ViaCEP\'s markers)', async () => {
    for (const [cep, booleanErro] of [['99999-999', false], ['99999-998', true]] as const) {
      double.booleanErro = booleanErro;
      const response = await lookup(cep);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CEP_NOT_FOUND_MESSAGE);
    }
    double.booleanErro = false;
  });

  it('refuses a malformed CEP with a 400 in Portuguese, without calling the lookup', async () => {
    const before = double.requests.length;
    for (const cep of ['1234', '01310-10a', '013101000']) {
      const response = await lookup(cep);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'params.cep', message: 'CEP inválido. Use o formato 00000-000' }]);
    }
    expect(double.requests.length).toBe(before);
  });

  it('is a 503 asking for manual entry when the lookup is slower than its timeout or failing', async () => {
    double.delayMs = 3000;
    const started = Date.now();
    const slow = await lookup('01310-100');
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toBe(CEP_LOOKUP_UNAVAILABLE_MESSAGE);
    // Answered at the timeout (800 ms), not when the lookup would have answered.
    expect(Date.now() - started).toBeLessThan(3000);
    double.delayMs = 0;
    double.failWith = 502;
    const failing = await lookup('01310-100');
    expect(failing.statusCode).toBe(503);
    double.failWith = null;
    expect((await lookup('01310-100')).json().city).toBe('São Paulo');
  });
});

describe("the store's ViaCEP quota (security review 2026-11-29 #18)", () => {
  it('asks ViaCEP once per CEP (found or not) and, past CEP_LOOKUP_UPSTREAM_PER_MINUTE calls, answers 503 without calling it', async () => {
    const budgeted = await createTestService({ CEP_LOOKUP_URL: double.url, CEP_LOOKUP_UPSTREAM_PER_MINUTE: '2' });
    try {
      const ask = async (cep: string) => (await budgeted.app.inject({ method: 'GET', url: `/api/cep/${cep}` })).statusCode;
      const before = double.requests.length;
      // Cached: the same CEP again, found or not, is not asked again.
      expect([await ask('01310-100'), await ask('01310100'), await ask('99999-997'), await ask('99999-997')]).toEqual([200, 200, 404, 404]);
      expect(double.requests.slice(before)).toEqual(['/ws/01310100/json/', '/ws/99999997/json/']);
      // The budget of this minute (2 calls) is spent: a new CEP is 503 (typed by hand), ViaCEP is not called.
      const spent = await budgeted.app.inject({ method: 'GET', url: '/api/cep/69005-010' });
      expect(spent.statusCode).toBe(503);
      expect(spent.json().message).toBe(CEP_LOOKUP_UNAVAILABLE_MESSAGE);
      expect(double.requests.length).toBe(before + 2);
      // A cached answer is still served.
      expect(await ask('01310-100')).toBe(200);
    } finally {
      await budgeted.close();
    }
  });
});

describe('CEP_LOOKUP_URL=off', () => {
  it('answers 503 without calling anything', async () => {
    const off = await createTestService({ CEP_LOOKUP_URL: 'off' });
    try {
      const before = double.requests.length;
      const response = await off.app.inject({ method: 'GET', url: '/api/cep/01310-100' });
      expect(response.statusCode).toBe(503);
      expect(double.requests.length).toBe(before);
    } finally {
      await off.close();
    }
  });
});
