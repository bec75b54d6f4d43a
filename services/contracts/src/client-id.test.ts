/** Host-signed client ids: what the host issues verifies with the shared secret and nothing else does. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID_PATTERN, ClientIdSigner } from './client-id.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!!';

describe('ClientIdSigner', () => {
  it('issues <id>.<address tag>.<mac>, computed independently with node:crypto, that verifies to its id and tag', async () => {
    const signer = new ClientIdSigner(SECRET);
    const id = '0b7c5d1e-8f2a-4c3b-9d4e-5f6a7b8c9d0e';
    const value = await signer.issue('203.0.113.7', id);
    const key = createHmac('sha256', SECRET).update('prata925:client-id').digest();
    const tag = createHmac('sha256', key).update('address:203.0.113.7').digest('base64url').slice(0, 16);
    const mac = createHmac('sha256', key).update(`${id}.${tag}`).digest('base64url');
    expect(value).toBe(`${id}.${tag}.${mac}`);
    expect(CLIENT_ID_PATTERN.test(value)).toBe(true);
    expect(await signer.verify(value)).toEqual({ id, addressTag: tag });
    // A random id by default; the same address gives the same tag, another address another.
    const [a, b, c] = await Promise.all([signer.issue('203.0.113.7'), signer.issue('203.0.113.7'), signer.issue('2001:db8:1:2::/64')]);
    expect(a.split('.')[0]).not.toBe(b.split('.')[0]);
    expect(a.split('.')[1]).toBe(tag);
    expect(c.split('.')[1]).not.toBe(tag);
  });

  it('refuses plain ids, a changed id or tag, another key and malformed values', async () => {
    const signer = new ClientIdSigner(SECRET);
    const value = await signer.issue('198.51.100.1', 'cliente-0001');
    const [id, tag, mac] = value.split('.') as [string, string, string];
    const otherTag = (await signer.issue('198.51.100.2', 'cliente-0001')).split('.')[1]!;
    expect(await signer.verify('cliente-0001')).toBeNull();
    expect(await signer.verify(`cliente-0002.${tag}.${mac}`)).toBeNull();
    expect(await signer.verify(`${id}.${otherTag}.${mac}`)).toBeNull();
    expect(await new ClientIdSigner(`${SECRET}x`).verify(value)).toBeNull();
    expect(await signer.verify(`${value}x`)).toBeNull();
    expect(await signer.verify(undefined)).toBeNull();
    expect(CLIENT_ID_PATTERN.test('curto')).toBe(false);
    expect(CLIENT_ID_PATTERN.test(`${id}.${tag}`)).toBe(false);
  });
});
