/** A confirmed customer account made through the API (sign-up + the e-mailed confirmation link). */
import { expect } from '@playwright/test';
import { lastLinkTo, uniqueEmail } from './accounts.ts';
import { E2E } from './environment.ts';

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${E2E.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export async function createConfirmedCustomer(prefix: string, password: string): Promise<string> {
  const email = uniqueEmail(prefix);
  expect((await post('/api/auth/sign-up', { email, password, fullName: 'Cliente E2E' })).status).toBe(201);
  const token = new URL(await lastLinkTo(email)).searchParams.get('confirmar');
  expect(token).toBeTruthy();
  expect((await post('/api/auth/confirm-email', { token })).status).toBe(200);
  return email;
}
