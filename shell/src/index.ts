// Async boundary: shared federation singletons must not be consumed eagerly. The chunk is named
// so that the shell's host can link its files from server-rendered documents (document-assets.json).
import(/* webpackChunkName: "bootstrap" */ './bootstrap.ts');
