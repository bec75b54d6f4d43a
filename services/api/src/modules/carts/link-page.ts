/**
 * The small pt-BR pages of a cart reminder's unsubscribe link, opened in the shopper's mail
 * client: plain HTML (no script, no style: the API's CSP allows none) with a link back to the
 * store. Opening the link only asks ({@link unsubscribeFormPage}, a button that POSTs), since mail
 * scanners open links; the POST (or the mail client's RFC 8058 one-click) answers {@link unsubscribeResultPage}.
 */
import { escapeHtml as escape } from '../../lib/html.ts';
import type { UnsubscribeOutcome } from './cart-recovery.service.ts';

const head = (title: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Prata 925</title></head>`;

/** The texts of the pages. */
export const CART_UNSUBSCRIBE_TEXTS = {
  ask: { title: 'Cancelar lembretes do carrinho', body: 'Não quer mais receber lembretes do seu carrinho neste e-mail?', button: 'Cancelar lembretes' },
  unsubscribed: { title: 'Lembretes cancelados', body: 'Você não receberá mais lembretes do carrinho. Pode ativá-los de novo em Minha conta.' },
  invalid: { title: 'Link inválido', body: 'Este link não é válido. Você pode mudar suas preferências em Minha conta.' },
} as const;

/** The page the unsubscribe link opens: a form that POSTs `action` (the same URL, with its token) with the RFC 8058 body. Needs `form-action 'self'`. */
export function unsubscribeFormPage(storeUrl: string, action: string): string {
  const text = CART_UNSUBSCRIBE_TEXTS.ask;
  return (
    `${head(text.title)}<body><h1>${text.title}</h1><p>${text.body}</p>` +
    `<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${text.button}</button></form>` +
    `<p><a href="${escape(storeUrl)}">Voltar à loja</a></p></body></html>`
  );
}

/** The page after the POST (or for a link the store did not sign). */
export function unsubscribeResultPage(storeUrl: string, outcome: UnsubscribeOutcome): string {
  const text = CART_UNSUBSCRIBE_TEXTS[outcome];
  return `${head(text.title)}<body><h1>${text.title}</h1><p>${text.body}</p><p><a href="${escape(`${storeUrl}/minha-conta`)}">Minha conta</a></p></body></html>`;
}
