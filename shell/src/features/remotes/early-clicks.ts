/**
 * Clicks made before the page can answer them. A server-rendered page shows its
 * buttons before its code has loaded: a tap on "Adicionar" in that moment would do nothing. The
 * shell's host puts a tiny script at the top of every server-rendered document that holds such
 * clicks (on buttons inside `#root` that React does not run yet: no React fiber on the element)
 * until the page is interactive; {@link becomeInteractive} then marks the document
 * (`<html data-interactive>`, which ends the holding) and clicks each held button again, now with
 * its handler. The page is interactive once its remote has rendered (or failed to, or there is
 * none). A button React already runs (hydrated, or rendered in the browser) is never held.
 *
 * Text typed in the same moment (a shopper filling the contact form or the sign-in form on a slow
 * phone) is kept too: the script notes the last value of each text field inside `#root` that React
 * does not run yet, and {@link becomeInteractive} hands it to React as an input event before the
 * held clicks, so the form's state holds what the shopper sees (a controlled field would otherwise
 * submit its empty state, or be reset to it by hydration).
 */

/** Where the document's early-click script keeps the buttons clicked too early. */
export const EARLY_CLICKS_GLOBAL = '__prataEarlyClicks';

/** Where the document's early-click script keeps the text fields typed in too early, as `[field, value]`. */
export const EARLY_INPUTS_GLOBAL = '__prataEarlyInputs';

/**
 * The script the shell's host inlines (with the response's CSP nonce) at the top of a
 * server-rendered document: it holds clicks on buttons inside `#root` until `data-interactive`
 * and notes the text typed into fields inside `#root` that React does not run yet.
 */
export const EARLY_CLICKS_SCRIPT = `(function(){var q=window.${EARLY_CLICKS_GLOBAL}=[],v=window.${EARLY_INPUTS_GLOBAL}=[];function live(b){for(var k in b)if(k.lastIndexOf('__reactFiber$',0)===0)return true;return false;}document.addEventListener('click',function(e){if(document.documentElement.dataset.interactive)return;var t=e.target,b=t&&t.closest&&t.closest('button,[role="button"]');if(!b||!b.closest('#root')||live(b))return;e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(b)<0)q.push(b);},true);document.addEventListener('input',function(e){if(document.documentElement.dataset.interactive)return;var t=e.target;if(!t||(t.tagName!=='INPUT'&&t.tagName!=='TEXTAREA')||/^(checkbox|radio|file)$/.test(t.type)||!t.closest('#root')||live(t))return;for(var i=0;i<v.length;i++)if(v[i][0]===t){v[i][1]=t.value;return;}v.push([t,t.value]);},true);})();`;

/**
 * Hands a value typed before hydration to React: the field's own `value` setter (React's value
 * tracker) is told the field is empty, the prototype's setter then writes the typed text, and the
 * input event makes React see a change and run the field's `onChange`.
 */
function replayInput(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  // Typed again after hydration: React already has it.
  if (field.value !== typed && field.value !== '') return;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  field.value = '';
  setValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Marks the page interactive, then replays the text typed and the clicks held until now (once). */
export function becomeInteractive(doc: Document = document): void {
  const root = doc.documentElement;
  if (root.dataset.interactive) return;
  root.dataset.interactive = 'true';
  const view = doc.defaultView as
    | (Window & { [EARLY_CLICKS_GLOBAL]?: HTMLElement[]; [EARLY_INPUTS_GLOBAL]?: [HTMLInputElement | HTMLTextAreaElement, string][] })
    | null;
  const typed = view?.[EARLY_INPUTS_GLOBAL]?.splice(0) ?? [];
  for (const [field, value] of typed) if (field.isConnected) replayInput(field, value);
  const held = view?.[EARLY_CLICKS_GLOBAL]?.splice(0) ?? [];
  for (const button of held) if (button.isConnected) button.click();
}
