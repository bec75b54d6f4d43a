/**
 * The per-IP rate limits at their real values (every other API test raises them to 10000):
 * the defaults of AUTH_RATE_LIMIT_PER_MINUTE (30) and TOTP_RATE_LIMIT_PER_MINUTE (10), with 429
 * and the pt-BR message on sign-in, sign-up and the TOTP step. A client cannot slip
 * past them by sending a different X-Forwarded-For each time (hole 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
const TOO_MANY = { error: 'too_many_requests', message: 'Muitas tentativas. Tente novamente em alguns minutos.' };

beforeAll(async () => {
  // Empty values count as unset: the configuration's own defaults apply.
  service = await createTestService({ AUTH_RATE_LIMIT_PER_MINUTE: '', TOTP_RATE_LIMIT_PER_MINUTE: '' });
});
afterAll(async () => service?.close());

describe('rate limits at their real values', () => {
  it('are the documented defaults', () => {
    expect(service.config.authRateLimitPerMinute).toBe(30);
    expect(service.config.totpRateLimitPerMinute).toBe(10);
  });

  it('throttle 45 sign-ins from one client even with 45 different X-Forwarded-For values', async () => {
    // The limiter counts every request to the route. The first 29 carry a malformed e-mail (400,
    // cheap); from the 30th on they are real attempts, each of which would cost an argon2 check,
    // so the whole run stays well inside the one-minute window even on a busy machine.
    const codes: number[] = [];
    for (let i = 0; i < 45; i += 1) {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: i < 29 ? `forca-bruta-${i}` : uniqueEmail('forca-bruta'), password: 'chute' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual(TOO_MANY);
    }
    expect(codes).toEqual([...Array(29).fill(400), 401, ...Array(15).fill(429)]);
  });

  it('throttle sign-up after 30 requests a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const payload = i === 30 ? { email: uniqueEmail(), password: 'segredo123', fullName: 'Ana' } : { email: 'não-é-email', password: 'x', fullName: '' };
      codes.push((await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload })).statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(codes[30]).toBe(429);
  });

  it('throttle the TOTP step after 10 attempts a minute, its own limit', async () => {
    const codes: number[] = [];
    let last: { json(): unknown } | undefined;
    for (let i = 0; i < 12; i += 1) {
      const response = await service.app.inject({ method: 'POST', url: '/api/auth/sign-in/totp', payload: { challengeToken: `desafio-inventado-${i}`, code: '123456' } });
      codes.push(response.statusCode);
      last = response;
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
    expect(last!.json()).toEqual(TOO_MANY);
  });
});
