/**
 * Clicks made before the page can answer them (issue 20). A server-rendered page shows its
 * buttons before its code has loaded: a tap on "Adicionar" in that moment would do nothing. The
 * shell's host puts a tiny script at the top of every server-rendered document that holds such
 * clicks (on buttons inside `#root` that React does not run yet: no React fiber on the element)
 * until the page is interactive; {@link becomeInteractive} then marks the document
 * (`<html data-interactive>`, which ends the holding) and clicks each held button again, now with
 * its handler. The page is interactive once its remote has rendered (or failed to, or there is
 * none). A button React already runs (hydrated, or rendered in the browser) is never held.
 */

/** Where the document's early-click script keeps the buttons clicked too early. */
export const EARLY_CLICKS_GLOBAL = '__prataEarlyClicks';

/**
 * The script the shell's host inlines (with the response's CSP nonce) at the top of a
 * server-rendered document: it holds clicks on buttons inside `#root` until `data-interactive`.
 */
export const EARLY_CLICKS_SCRIPT = `(function(){var q=window.${EARLY_CLICKS_GLOBAL}=[];function live(b){for(var k in b)if(k.lastIndexOf('__reactFiber$',0)===0)return true;return false;}document.addEventListener('click',function(e){if(document.documentElement.dataset.interactive)return;var t=e.target,b=t&&t.closest&&t.closest('button,[role="button"]');if(!b||!b.closest('#root')||live(b))return;e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b);},true);})();`;

/** Marks the page interactive and replays the clicks held until now (once). */
export function becomeInteractive(doc: Document = document): void {
  const root = doc.documentElement;
  if (root.dataset.interactive) return;
  root.dataset.interactive = 'true';
  const view = doc.defaultView as (Window & { [EARLY_CLICKS_GLOBAL]?: HTMLElement[] }) | null;
  const held = view?.[EARLY_CLICKS_GLOBAL]?.splice(0) ?? [];
  for (const button of held) if (button.isConnected) button.click();
}
