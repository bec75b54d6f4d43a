/**
 * Breadcrumbs: route changes, clicks and API calls recorded in order, the newest 30
 * kept, one-time tokens dropped, sent with the next error report together with the tab's session id.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_REPORT_LIMITS, errorReportSchema } from '@prata/contracts/system-errors';
import { apiRequest } from './api-client.ts';
import { addBreadcrumb, breadcrumbs, clearBreadcrumbs, describeClickTarget, installBreadcrumbs } from './breadcrumbs.ts';
import { configureErrorReporting, reportError } from './error-reporting.ts';
import { setRuntimeConfig } from './runtime-config.ts';

let sent: Record<string, unknown>[];
beforeEach(() => {
  clearBreadcrumbs();
  sent = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  configureErrorReporting({ remotes: [] });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).endsWith('/api/errors')) {
      sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(null, { status: 202 });
    }
    return Response.json({ ok: true }, { status: String(input).includes('falta') ? 404 : 200 });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('breadcrumbs', () => {
  it('record route changes, clicks and API calls in order, without one-time tokens', async () => {
    installBreadcrumbs();
    clearBreadcrumbs();
    window.history.pushState(null, '', '/produtos?categoria=aneis');
    document.body.innerHTML = '<main><button type="button"><span>Adicionar</span> ao carrinho</button><a href="/checkout">Finalizar</a><input id="nome"></main>';
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.querySelector('input')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await apiRequest('/api/products', z.object({ ok: z.boolean() }));
    await apiRequest('/api/products/falta', z.unknown()).catch(() => undefined);
    window.history.replaceState(null, '', '/reset-password?token=segredo-de-uso-unico');
    expect(breadcrumbs().map(({ category, message }) => [category, message])).toEqual([
      ['navigation', '/produtos?categoria=aneis'],
      ['click', 'button "Adicionar ao carrinho"'],
      ['click', 'link "Finalizar" -> /checkout'],
      ['http', 'GET /api/products 200'],
      ['http', 'GET /api/products/falta 404'],
      ['navigation', '/reset-password'],
    ]);
  });

  it("mask an order's tracking token (page, link, API call) in the breadcrumbs and in the report's page URL", async () => {
    const token = 'A'.repeat(36) + 'b_-9'.repeat(9);
    installBreadcrumbs();
    clearBreadcrumbs();
    window.history.pushState(null, '', `/pedido/${token}`);
    document.body.innerHTML = `<a href="/pedido/${token}">Acompanhar pedido</a><a href="/pedido-confirmado?pedido=1">Confirmado</a>`;
    for (const link of document.querySelectorAll('a')) {
      link.addEventListener('click', (event) => event.preventDefault());
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    await apiRequest(`/api/order-tracking/${token}`, z.object({ ok: z.boolean() }));
    await apiRequest('/api/order-tracking/lookup', z.object({ ok: z.boolean() }), { method: 'POST', body: {} });
    reportError({ errorType: 'uncaught_error', errorMessage: 'falhou' });
    window.history.pushState(null, '', '/');
    expect(breadcrumbs().map(({ category, message }) => [category, message])).toEqual([
      ['navigation', '/pedido/:token'],
      ['click', 'link "Acompanhar pedido" -> /pedido/:token'],
      ['click', 'link "Confirmado" -> /pedido-confirmado?pedido=1'],
      ['http', 'GET /api/order-tracking/:token 200'],
      ['http', 'POST /api/order-tracking/lookup 200'],
      ['navigation', '/'],
    ]);
    const report = errorReportSchema.parse(sent[0]);
    expect(report.pageUrl).toBe('http://localhost:3000/pedido/:token');
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it(`keep the newest ${ERROR_REPORT_LIMITS.breadcrumbs}`, () => {
    for (let i = 0; i < ERROR_REPORT_LIMITS.breadcrumbs + 5; i += 1) addBreadcrumb('console', `linha ${i}`);
    const kept = breadcrumbs();
    expect(kept).toHaveLength(ERROR_REPORT_LIMITS.breadcrumbs);
    expect(kept[0]!.message).toBe('linha 5');
  });

  it('describe only buttons and links', () => {
    document.body.innerHTML = '<p>texto</p><div role="tab" aria-label="Vendas">x</div>';
    expect(describeClickTarget(document.querySelector('p'))).toBeNull();
    expect(describeClickTarget(document.querySelector('div'))).toBe('tab "Vendas"');
  });

  it('go with the next error report, with the same session id for the whole tab', () => {
    addBreadcrumb('navigation', '/carrinho');
    reportError({ errorType: 'uncaught_error', errorMessage: 'primeiro' });
    reportError({ errorType: 'uncaught_error', errorMessage: 'segundo' });
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((body) => errorReportSchema.parse(body));
    expect(first!.breadcrumbs).toEqual([expect.objectContaining({ category: 'navigation', message: '/carrinho' })]);
    expect(first!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.sessionId).toBe(first!.sessionId);
  });
});
