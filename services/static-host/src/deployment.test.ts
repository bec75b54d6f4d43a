/** docker-compose.yml: one service per deployable unit, each built from its own Dockerfile. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, { build?: { context: string; dockerfile: string }; ports?: string[]; environment?: Record<string, string> }>;
};

describe('docker-compose.yml', () => {
  it('has postgres, api, shell and each remote', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['admin', 'api', 'checkout', 'devtools', 'postgres', 'shell', 'storefront']);
  });

  it('builds every unit from a Dockerfile that exists', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'postgres') continue;
      expect(service.build?.context).toBe('.');
      expect(existsSync(path.join(root, service.build!.dockerfile))).toBe(true);
    }
  });

  it('publishes the same ports as npm start and wires the API to postgres and the remotes', () => {
    expect(compose.services.shell!.ports).toEqual(['8080:80']);
    expect(compose.services.api!.environment!.DATABASE_URL).toContain('@postgres:5432/');
    expect(compose.services.api!.environment!.REMOTE_STOREFRONT_URL).toBe('http://localhost:3001');
  });
});
