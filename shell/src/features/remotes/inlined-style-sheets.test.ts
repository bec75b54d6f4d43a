/** The inlined style sheets of a server-rendered document are declared as disabled links, once. */
import { afterEach, describe, expect, it } from 'vitest';
import { declareInlinedStyleSheets } from './inlined-style-sheets.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('declareInlinedStyleSheets', () => {
  it('adds a disabled stylesheet link with the same href right after each inlined sheet', () => {
    document.head.innerHTML =
      '<style data-href="/bootstrap.1.css">.a{}</style><style data-href="http://127.0.0.1:3001/app.2.css">.b{}</style><style>.c{}</style>';
    expect(declareInlinedStyleSheets()).toBe(2);
    const elements = [...document.head.children].map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute('data-href') ?? element.getAttribute('href') ?? ''}`);
    expect(elements).toEqual([
      'style /bootstrap.1.css',
      'link /bootstrap.1.css',
      'style http://127.0.0.1:3001/app.2.css',
      'link http://127.0.0.1:3001/app.2.css',
      'style ',
    ]);
    for (const link of document.head.querySelectorAll('link')) {
      expect(link.rel).toBe('stylesheet');
      expect(link.hasAttribute('disabled')).toBe(true);
    }
  });

  it('adds nothing for a sheet that is already linked, nor twice', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/bootstrap.1.css"><style data-href="/bootstrap.1.css">.a{}</style><style data-href="/shell.3.css">.b{}</style>';
    expect(declareInlinedStyleSheets()).toBe(1);
    expect(declareInlinedStyleSheets()).toBe(0);
    expect(document.head.querySelectorAll('link[href="/bootstrap.1.css"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[href="/shell.3.css"][disabled]')).toHaveLength(1);
  });
});
