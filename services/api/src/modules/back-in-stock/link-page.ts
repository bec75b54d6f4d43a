/**
 * The small pt-BR page the e-mailed links of back-in-stock answer with (issue 22): the link is
 * opened in the shopper's mail client, so the API answers it with plain HTML (no script, no
 * style: the API's CSP allows none) and a link back to the product in the store.
 */
import { escapeHtml as escape } from '../../lib/html.ts';
import type { LinkOutcome } from './back-in-stock.service.ts';

const TEXTS: Record<LinkOutcome['outcome'], { title: string; body: (name: string) => string }> = {
  confirmed: { title: 'Aviso confirmado', body: (name) => `Pronto! Avisaremos você por e-mail quando ${name} estiver disponível de novo.` },
  unsubscribed: { title: 'Avisos cancelados', body: () => 'Pronto! Você não receberá mais avisos de produtos disponíveis neste e-mail.' },
  expired: { title: 'Link expirado', body: () => 'Este link expirou. Peça o aviso de novo na página do produto.' },
  invalid: { title: 'Link inválido', body: () => 'Este link não é válido ou já foi usado.' },
};

/** The HTML page for `outcome`; links back to the product page (or the catalogue). */
export function linkPage(storeUrl: string, outcome: LinkOutcome): string {
  const text = TEXTS[outcome.outcome];
  const name = outcome.productName ? `“${escape(outcome.productName)}”` : 'o produto';
  const back = outcome.productSlug ? `${storeUrl}/produtos/${encodeURIComponent(outcome.productSlug)}` : `${storeUrl}/produtos`;
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${text.title} · Prata 925</title></head><body><h1>${text.title}</h1><p>${text.body(name)}</p>` +
    `<p><a href="${escape(back)}">Voltar à loja</a></p></body></html>`
  );
}
