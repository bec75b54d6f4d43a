/**
 * The small pt-BR pages of the unsubscribe link of a back-in-stock notification: the link is
 * opened in the shopper's mail client, so the API answers it with plain HTML (no script, no style:
 * the API's CSP allows none) and a link back to the product in the store. Opening the link only
 * asks ({@link unsubscribeFormPage}: a button that POSTs), since mail scanners open links; the
 * POST answers {@link linkPage}. The result texts are the contracts' `BACK_IN_STOCK_LINK_TEXTS`,
 * which the store's confirmation page shows too.
 */
import { BACK_IN_STOCK_LINK_TEXTS } from '@prata/contracts';
import { escapeHtml as escape } from '../../lib/html.ts';
import type { LinkOutcome } from './back-in-stock.service.ts';

/** Title and button of the page the unsubscribe link opens. */
export const UNSUBSCRIBE_FORM_TEXTS = { title: 'Cancelar avisos', button: 'Cancelar avisos', body: (name: string) => `Não quer mais receber avisos de produtos disponíveis, como ${name}, neste e-mail?` };

/**
 * The page the unsubscribe link opens: a form that POSTs the same URL (`action`, with its token)
 * with the RFC 8058 body `List-Unsubscribe=One-Click`. Needs `form-action 'self'` in its CSP.
 */
export function unsubscribeFormPage(storeUrl: string, action: string, target: { productName?: string; productSlug?: string }): string {
  const name = target.productName ? `“${escape(target.productName)}”` : 'este produto';
  const back = target.productSlug ? `${storeUrl}/produtos/${encodeURIComponent(target.productSlug)}` : `${storeUrl}/produtos`;
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${UNSUBSCRIBE_FORM_TEXTS.title} · Prata 925</title></head><body><h1>${UNSUBSCRIBE_FORM_TEXTS.title}</h1><p>${UNSUBSCRIBE_FORM_TEXTS.body(name)}</p>` +
    `<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${UNSUBSCRIBE_FORM_TEXTS.button}</button></form>` +
    `<p><a href="${escape(back)}">Voltar à loja</a></p></body></html>`
  );
}

/** The HTML page for `outcome`; links back to the product page (or the catalogue). */
export function linkPage(storeUrl: string, outcome: LinkOutcome): string {
  const text = BACK_IN_STOCK_LINK_TEXTS[outcome.outcome];
  const name = outcome.productName ? `“${escape(outcome.productName)}”` : 'o produto';
  const back = outcome.productSlug ? `${storeUrl}/produtos/${encodeURIComponent(outcome.productSlug)}` : `${storeUrl}/produtos`;
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${text.title} · Prata 925</title></head><body><h1>${text.title}</h1><p>${text.body(name)}</p>` +
    `<p><a href="${escape(back)}">Voltar à loja</a></p></body></html>`
  );
}
