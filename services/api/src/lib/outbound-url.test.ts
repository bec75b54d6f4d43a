import { describe, expect, it } from 'vitest';
import { isPublicAddress, outboundUrlProblem, resolvedUrlProblem } from './outbound-url.ts';

const strict = { httpsOnly: true, allowPrivate: false };

describe('outbound URL guard', () => {
  it('admits public https URLs only, without credentials', () => {
    expect(outboundUrlProblem('https://hooks.slack.com/services/T0/B0/x', strict)).toBeNull();
    expect(outboundUrlProblem('http://hooks.slack.com/x', strict)).toBe('Use uma URL https');
    expect(outboundUrlProblem('ftp://example.com/x', strict)).toBe('Use uma URL http(s)');
    expect(outboundUrlProblem('https://user:pw@example.com/x', strict)).toBe('A URL não pode conter usuário ou senha');
    expect(outboundUrlProblem('nada', strict)).toBe('URL inválida');
  });

  it('refuses loopback, private, link-local and unique-local hosts unless allowed', () => {
    for (const url of ['https://127.0.0.1/x', 'https://10.1.2.3/', 'https://192.168.0.1/', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/', 'https://[fd00::1]/', 'https://[::ffff:127.0.0.1]/', 'https://localhost/', 'https://0.0.0.0/']) {
      expect(outboundUrlProblem(url, strict), url).toBe('Endereços privados ou locais não são permitidos');
    }
    expect(outboundUrlProblem('http://127.0.0.1:9999/hook', { httpsOnly: false, allowPrivate: true })).toBeNull();
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
  });

  it('refuses a name that resolves to a private address', async () => {
    expect(await resolvedUrlProblem('https://intranet.example.com/hook', strict, async () => [{ address: '10.0.0.5' }])).toBe('O host resolve para um endereço privado ou local');
    expect(await resolvedUrlProblem('https://hooks.example.com/hook', strict, async () => [{ address: '93.184.216.34' }])).toBeNull();
    expect(await resolvedUrlProblem('https://missing.example.com/hook', strict, async () => Promise.reject(new Error('ENOTFOUND')))).toBe('Host não encontrado');
  });
});
