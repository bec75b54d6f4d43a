import { declareInlinedStyleSheets } from './features/remotes/inlined-style-sheets.ts';

// Before any chunk loads: the loaders must see the style sheets the server inlined (no second
// copy appended after the page's sheets, which reordered the cascade).
declareInlinedStyleSheets();
// Async boundary: shared federation singletons must not be consumed eagerly. The chunk is named
// so that the shell's host can link its files from server-rendered documents (document-assets.json).
import(/* webpackChunkName: "bootstrap" */ './bootstrap.ts');
