/** The sticky client id: created once in the first-party cookie, then read back. */
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_COOKIE, clientId, clientIdFromCookies } from './client-id.ts';

afterEach(() => {
  document.cookie = `${CLIENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('clientId', () => {
  it('creates a random id once and keeps returning it', () => {
    expect(clientIdFromCookies(document.cookie)).toBeNull();
    const id = clientId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(clientIdFromCookies(document.cookie)).toBe(id);
    expect(clientId()).toBe(id);
  });

  it('replaces a cookie that is not a valid id', () => {
    document.cookie = `${CLIENT_COOKIE}=<script>; Path=/`;
    expect(clientId()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the id among other cookies', () => {
    expect(clientIdFromCookies(`a=1; ${CLIENT_COOKIE}=abcdefgh-123; b=2`)).toBe('abcdefgh-123');
  });
});
