/** The release allow-list's items (origins, origins with a path prefix) and the URL match every reader shares. */
import { describe, expect, it } from 'vitest';
import { onReleaseOrigins, parseReleaseOriginList, releaseOriginItem } from './release-origins.ts';

describe('release origins', () => {
  it('normalises items: an origin alone, or a path prefix ending in /', () => {
    expect(releaseOriginItem('https://cdn.example/')).toBe('https://cdn.example');
    expect(releaseOriginItem('HTTP://MinIO.localhost:9000/prata-releases')).toBe('http://minio.localhost:9000/prata-releases/');
    expect(parseReleaseOriginList('https://a.example,https://a.example/ https://b.example/x/', [])).toEqual(['https://a.example', 'https://b.example/x/']);
    expect(parseReleaseOriginList(undefined, ['http://127.0.0.1:3001/mf-manifest.json'])).toEqual(['http://127.0.0.1:3001']);
  });

  it('refuses items that are not http(s), or carry a user, query, fragment, ";" or ","', () => {
    for (const item of ['vitrine', 'ftp://cdn.example/', 'https://u@cdn.example/x/', 'https://cdn.example/x/?a', 'https://cdn.example/x/#a', 'https://cdn.example/a;b/']) {
      expect(() => releaseOriginItem(item), item).toThrow(`RELEASE_ORIGINS: "${item}" is not an http(s) origin`);
    }
  });

  it('matches a URL by parsed origin and path prefix', () => {
    const allowed = ['http://minio.localhost:9000/prata-releases/', 'https://vitrine.example'];
    expect(onReleaseOrigins('http://minio.localhost:9000/prata-releases/s/1/mf-manifest.json', allowed)).toBe(true);
    expect(onReleaseOrigins('https://vitrine.example/any/where.js', allowed)).toBe(true);
    for (const url of [
      'http://minio.localhost:9000/prata-images/x.js',
      'http://minio.localhost:9000/prata-releases-evil/x.js',
      'http://minio.localhost:9000/prata-releases/../prata-images/x.js',
      'http://minio.localhost:9000/prata-releases/%2E%2E/prata-images/x.js',
      'http://minio.localhost:9000/prata-releases/..%2fprata-images/x.js',
      'http://minio.localhost:9000/prata-releases',
      'https://vitrine.example.evil.test/x.js',
      'javascript:alert(1)',
    ]) {
      expect(onReleaseOrigins(url, allowed), url).toBe(false);
    }
  });
});
