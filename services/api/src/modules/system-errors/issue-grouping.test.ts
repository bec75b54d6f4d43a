import { describe, expect, it } from 'vitest';
import { fingerprintOf, messageTemplate, parseFrames, stableFileName, type StackFrame } from './issue-grouping.ts';

const v8 = (file: string, fn = 'a') => `TypeError: x\n    at ${fn} (${file}:1:48213)\n    at b (https://loja.exemplo.com.br/assets/shell.9f8e7d6c5b4a.js:2:77)\n    at https://loja.exemplo.com.br/node_modules/react-dom/x.js:3:4`;

describe('messageTemplate', () => {
  it('masks ids, numbers, URLs and e-mails, and nothing else', () => {
    expect(messageTemplate('Produto 3fa85f64-5717-4562-b3fc-2c963f66afa6 não encontrado')).toBe('Produto <id> não encontrado');
    expect(messageTemplate('Estoque 12 menor que 15')).toBe('Estoque <n> menor que <n>');
    expect(messageTemplate('R$ 1.234,56 inválido')).toBe('R$ <n> inválido');
    expect(messageTemplate('Failed to fetch https://loja.exemplo.com.br/api/products?id=9 (503)')).toBe('Failed to fetch <url> (<n>)');
    expect(messageTemplate('Conta maria@exemplo.com.br bloqueada')).toBe('Conta <email> bloqueada');
    expect(messageTemplate('hash deadbeefcafe1234 não bate')).toBe('hash <hex> não bate');
    expect(messageTemplate('Cannot read properties of undefined')).toBe('Cannot read properties of undefined');
  });
});

describe('parseFrames', () => {
  it('reads V8 and Firefox stacks and tells our frames from dependencies', () => {
    const frames = parseFrames(v8('https://loja.exemplo.com.br/remotes/storefront/0.1.0-abcdef12/275.3e738475.js'));
    expect(frames.map((f) => [f.function, f.line, f.column, f.inApp])).toEqual([
      ['a', 1, 48213, true],
      ['b', 2, 77, true],
      [null, 3, 4, false],
    ]);
    expect(parseFrames('render@https://loja.exemplo.com.br/assets/main.js:10:20\n')).toEqual([
      { file: 'https://loja.exemplo.com.br/assets/main.js', line: 10, column: 20, function: 'render', mapped: false, inApp: true },
    ]);
    expect(parseFrames(undefined)).toEqual([]);
  });
});

describe('stableFileName', () => {
  it('drops origin, query, version segments and content hashes', () => {
    expect(stableFileName('https://loja.exemplo.com.br/remotes/storefront/0.1.0-abcdef12/275.3e738475.js?x=1')).toBe('remotes/storefront/275.js');
    expect(stableFileName('https://cdn.exemplo.com/storefront/1.4.2/static/js/main-0a1b2c3d4e.js')).toBe('storefront/static/js/main.js');
    expect(stableFileName('webpack://mf-storefront/./src/features/cart/cart.tsx')).toBe('src/features/cart/cart.tsx');
  });
});

describe('fingerprintOf', () => {
  const base = { errorType: 'TypeError', remote: 'storefront' };
  const at = (version: string, message: string, fn = 'a') => ({ ...base, errorMessage: message, frames: parseFrames(v8(`https://loja.exemplo.com.br/remotes/storefront/${version}/275.3e738475.js`, fn)) });

  it('groups the same bug across ids, numbers and releases', () => {
    const one = fingerprintOf(at('0.1.0-aaaaaaaa', 'Produto 3fa85f64-5717-4562-b3fc-2c963f66afa6 sem estoque (3)'));
    expect(fingerprintOf(at('0.1.0-aaaaaaaa', 'Produto 7c9e6679-7425-40de-944b-e07fc1f90ae7 sem estoque (12)'))).toBe(one);
    expect(fingerprintOf(at('0.2.0-bbbbbbbb', 'Produto 7c9e6679-7425-40de-944b-e07fc1f90ae7 sem estoque (12)'))).toBe(one);
    // Minified function names change between builds: unmapped frames leave them out.
    expect(fingerprintOf(at('0.2.0-bbbbbbbb', 'Produto 7c9e6679-7425-40de-944b-e07fc1f90ae7 sem estoque (12)', 'zq'))).toBe(one);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps two different bugs apart', () => {
    const one = fingerprintOf(at('0.1.0-aaaaaaaa', 'Produto sem estoque'));
    expect(fingerprintOf(at('0.1.0-aaaaaaaa', 'Carrinho vazio'))).not.toBe(one);
    expect(fingerprintOf({ ...at('0.1.0-aaaaaaaa', 'Produto sem estoque'), errorType: 'RangeError' })).not.toBe(one);
    expect(fingerprintOf({ ...at('0.1.0-aaaaaaaa', 'Produto sem estoque'), remote: 'checkout' })).not.toBe(one);
    const elsewhere = { ...base, errorMessage: 'Produto sem estoque', frames: parseFrames(v8('https://loja.exemplo.com.br/remotes/storefront/0.1.0-aaaaaaaa/512.11aa22bb.js')) };
    expect(fingerprintOf(elsewhere)).not.toBe(one);
  });

  it('uses mapped frames by file and function, not line', () => {
    const mapped = (line: number, fn: string): StackFrame[] => [{ file: 'webpack://mf-storefront/./src/features/cart/cart.tsx', line, column: 3, function: fn, mapped: true, inApp: true }];
    const one = fingerprintOf({ ...base, errorMessage: 'x', frames: mapped(10, 'addToCart') });
    expect(fingerprintOf({ ...base, errorMessage: 'x', frames: mapped(42, 'addToCart') })).toBe(one);
    expect(fingerprintOf({ ...base, errorMessage: 'x', frames: mapped(10, 'removeFromCart') })).not.toBe(one);
  });
});
