import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

describe('redirectTarget', () => {
  it('returns the admin page the user came from', () => {
    expect(redirectTarget({ from: '/admin/users?x=1' })).toBe('/admin/users?x=1');
  });

  it('falls back to /admin for anything else', () => {
    for (const state of [null, undefined, {}, { from: 42 }, { from: 'https://evil.example/admin' }, { from: '//evil.example' }, { from: '/produtos' }, { from: '/admin/login' }]) {
      expect(redirectTarget(state)).toBe('/admin');
    }
  });
});
