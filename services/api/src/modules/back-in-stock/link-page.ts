/**
 * The small pt-BR page the unsubscribe link of a back-in-stock notification answers with (issue
 * 22): the link is opened in the shopper's mail client, so the API answers it with plain HTML (no
 * script, no style: the API's CSP allows none) and a link back to the product in the store. The
 * texts are the contracts' `BACK_IN_STOCK_LINK_TEXTS`, which the store's confirmation page shows
 * too.
 */
import { BACK_IN_STOCK_LINK_TEXTS } from '@prata/contracts';
import { escapeHtml as escape } from '../../lib/html.ts';
import type { LinkOutcome } from './back-in-stock.service.ts';

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
