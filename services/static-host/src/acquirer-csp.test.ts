/**
 * The acquirer's CSP sources (acquirer-csp.ts): with Mercado Pago, every origin MercadoPago.js v2
 * and its secure fields use is in the directive that governs it, each one checked by name so
 * dropping any fails here; the settings replace the SDK, API and secure-field origins (the
 * double's, in the e2e test and the preview), a list of field origins included; the sandbox adds
 * nothing; the shell's directives carry the sources; the host refuses an invalid list at start.
 */
import { describe, expect, it } from 'vitest';
import { MERCADOPAGO_DEFAULTS } from '@prata/contracts';
import { acquirerCspSources, originsOf } from './acquirer-csp.ts';
import { readHostSettings } from './host-settings.ts';
import { cspHeader, shellCspDirectives } from './static-host.ts';

const mercadoPago = acquirerCspSources({ PAYMENT_PROVIDER: 'mercadopago' });

describe("Mercado Pago's documented origins", () => {
  it.each([
    // MercadoPago.js v2 itself, and the static CDN its assets come from.
    ['scriptSrc', 'https://sdk.mercadopago.com'],
    ['scriptSrc', 'https://http2.mlstatic.com'],
    // The secure fields' frame, and the fallback the SDK frames when it is unreachable.
    ['frameSrc', 'https://secure-fields.mercadopago.com'],
    ['frameSrc', 'https://api-static.mercadopago.com'],
    // Frames of Mercado Pago's other hosts (fraud prevention, 3-D Secure, its country sites).
    ['frameSrc', 'https://*.mercadopago.com'],
    ['frameSrc', 'https://*.mercadopago.com.br'],
    ['frameSrc', 'https://*.mercadolibre.com'],
    // The API; the fields' pages, fetched before they are framed; assets; metrics and device fingerprint.
    ['connectSrc', 'https://api.mercadopago.com'],
    ['connectSrc', 'https://secure-fields.mercadopago.com'],
    ['connectSrc', 'https://api-static.mercadopago.com'],
    ['connectSrc', 'https://http2.mlstatic.com'],
    ['connectSrc', 'https://api.mercadolibre.com'],
    ['connectSrc', 'https://www.mercadolibre.com'],
    ['imgSrc', 'https://http2.mlstatic.com'],
    ['imgSrc', 'https://*.mercadopago.com'],
    ['imgSrc', 'https://*.mercadopago.com.br'],
    ['imgSrc', 'https://*.mercadolibre.com'],
  ] as const)('%s has %s', (directive, source) => {
    expect(mercadoPago[directive]).toContain(source);
  });

  it('names hosts, never wildcards, where a source runs code or receives data', () => {
    expect([...mercadoPago.scriptSrc, ...mercadoPago.connectSrc].filter((source) => source.includes('*'))).toEqual([]);
    expect(mercadoPago.scriptSrc).toEqual(['https://sdk.mercadopago.com', 'https://http2.mlstatic.com']);
  });

  it('are the contracts\' defaults, which the API reads too', () => {
    expect(MERCADOPAGO_DEFAULTS.sdkUrl).toBe('https://sdk.mercadopago.com/js/v2');
    expect(MERCADOPAGO_DEFAULTS.apiUrl).toBe('https://api.mercadopago.com');
    expect(MERCADOPAGO_DEFAULTS.fieldsOrigins).toEqual(['https://secure-fields.mercadopago.com', 'https://api-static.mercadopago.com']);
  });
});

describe('the settings', () => {
  it("replace the SDK's, the API's and the secure fields' origins (the double's three)", () => {
    const sources = acquirerCspSources({
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_SDK_URL: 'http://localhost:4001/js/v2',
      MERCADOPAGO_API_URL: 'http://127.0.0.1:4000/',
      MERCADOPAGO_FIELDS_ORIGIN: 'http://localhost:4002/secure-fields',
    });
    expect(sources.scriptSrc).toEqual(['http://localhost:4001', 'https://http2.mlstatic.com']);
    expect(sources.frameSrc[0]).toBe('http://localhost:4002');
    expect(sources.connectSrc.slice(0, 2)).toEqual(['http://127.0.0.1:4000', 'http://localhost:4002']);
    // The secure fields are framed from their own origin, not from the SDK's.
    expect(sources.frameSrc).not.toContain('http://localhost:4001');
    expect(sources.frameSrc).not.toContain('https://secure-fields.mercadopago.com');
  });

  it('take several secure-field origins, space- or comma-separated, each framed and fetched', () => {
    const sources = acquirerCspSources({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_FIELDS_ORIGIN: 'https://a.example, https://b.example/x https://a.example' });
    expect(sources.frameSrc.slice(0, 2)).toEqual(['https://a.example', 'https://b.example']);
    expect(sources.connectSrc).toEqual(expect.arrayContaining(['https://a.example', 'https://b.example']));
  });

  it('name the variable of a URL that is not http(s)', () => {
    expect(() => acquirerCspSources({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_FIELDS_ORIGIN: 'https://ok.example ftp://x.example' })).toThrow('MERCADOPAGO_FIELDS_ORIGIN: not an http(s) URL (ftp://x.example)');
    expect(() => acquirerCspSources({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_SDK_URL: 'sdk' })).toThrow('MERCADOPAGO_SDK_URL: not a URL (sdk)');
    expect(() => originsOf('MERCADOPAGO_FIELDS_ORIGIN', ' , ')).toThrow('MERCADOPAGO_FIELDS_ORIGIN: no origin given');
    expect(() => readHostSettings({ PUBLIC_API_URL: 'https://api.example', PUBLIC_STORE_URL: 'https://loja.example', RELEASE_ORIGINS: 'https://cdn.example', MERCADOPAGO_FIELDS_ORIGIN: 'https://ok.example campos' })).toThrow(
      'MERCADOPAGO_FIELDS_ORIGIN: not an http(s) URL (campos)',
    );
  });

  it('add nothing for the sandbox', () => {
    expect(acquirerCspSources({ PAYMENT_PROVIDER: 'sandbox', MERCADOPAGO_FIELDS_ORIGIN: 'https://a.example' })).toEqual({ scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] });
    expect(acquirerCspSources({})).toEqual({ scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] });
  });
});

describe("the shell's policy", () => {
  it("carries the acquirer's sources in script-src, frame-src, connect-src and img-src", () => {
    const header = cspHeader(shellCspDirectives('https://api.prata925.com.br', ['https://vitrine.prata925.com.br'], mercadoPago));
    const directive = (name: string) => header.split(';').find((d) => d.startsWith(`${name} `))!.split(' ').slice(1);
    expect(directive('script-src')).toEqual(["'self'", 'https://vitrine.prata925.com.br', 'https://sdk.mercadopago.com', 'https://http2.mlstatic.com']);
    expect(directive('frame-src')).toEqual(["'self'", ...mercadoPago.frameSrc]);
    expect(directive('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.prata925.com.br', ...mercadoPago.connectSrc]));
    expect(directive('img-src')).toEqual(expect.arrayContaining(mercadoPago.imgSrc));
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
  });
});
