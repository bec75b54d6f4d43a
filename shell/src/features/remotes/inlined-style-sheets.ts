/**
 * Style sheets the shell's host inlined into a server-rendered document (`<style data-href="URL">`,
 * services/static-host shell-renderer.ts) are declared to the loaders that would otherwise fetch
 * and append them again.
 *
 * Why: the bundler's CSS chunk loader (the shell's and each remote's) and the federation runtime
 * look for an existing `<link rel="stylesheet" href="URL">` before they load a chunk's sheet;
 * neither looks at `<style data-href>`. Without a link, hydration fetched every inlined sheet a
 * second time and appended it at the end of `<head>`, one after the other: for a moment the
 * shell's global sheet came after the page's sheets, so rules of equal specificity flipped (the
 * home page's hero text jumped to the centre and back: a layout shift of 0.165 on every desktop
 * visit) and the bytes were downloaded twice.
 *
 * How: next to each inlined sheet, a `<link rel="stylesheet" disabled href="URL">`. A disabled
 * link is never fetched nor applied (HTML: "explicitly enabled" only), but the loaders find it
 * and take the chunk's styles as loaded. Must run before the first chunk loads (index.ts).
 */

/** Adds the disabled link of each inlined sheet that has none; @returns how many it added. */
export function declareInlinedStyleSheets(doc: Document = document): number {
  const linked = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')].map((link) => link.getAttribute('href')));
  let added = 0;
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-href]')) {
    const href = style.getAttribute('data-href');
    if (!href || linked.has(href)) continue;
    const link = doc.createElement('link');
    // Disabled before it has an href or a parent: it must never start a fetch.
    link.setAttribute('disabled', '');
    link.rel = 'stylesheet';
    link.setAttribute('href', href);
    link.setAttribute('data-inlined', '');
    style.after(link);
    linked.add(href);
    added += 1;
  }
  return added;
}
