/** Configuration parsing (issue 2: env variables validated once at start). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has working defaults: embedded database, documented ports, CORS for the store origins', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.embeddedPgPort).not.toBe(5432);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.shellUrl).toBe('http://127.0.0.1:8080');
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining(['http://127.0.0.1:8080', 'http://localhost:8080', 'http://127.0.0.1:3001', 'http://127.0.0.1:3004']),
    );
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.storageRoot.endsWith('.data/storage')).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', API_PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('follows PORT and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9090', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x', API_PORT: '4000' });
    expect(config.shellUrl).toBe('http://127.0.0.1:9090');
    expect(config.databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/x');
    expect(config.publicUrl).toBe('http://127.0.0.1:4000');
  });

  it('lists every invalid variable', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'mysql://x', API_PORT: 'abc', JWT_SECRET: 'short' });
    expect(attempt).toThrow('DATABASE_URL: DATABASE_URL must be a postgres:// URL');
    expect(attempt).toThrow(/API_PORT: /);
    expect(attempt).toThrow('JWT_SECRET: JWT_SECRET must have at least 32 characters');
  });
});
