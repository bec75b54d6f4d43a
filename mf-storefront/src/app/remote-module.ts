/**
 * The storefront remote's exposed `./App` (RemoteModule contract, shared-ui): its App, the chrome
 * its routes want (every page sits in the store's header and footer), where they render (all on
 * the server; they are the store's public pages), and, for the shell's host, each page's
 * data, head and cache keys (pages.ts).
 */
import { defineRemoteModule } from '@prata/shared-ui';
import App from './app.tsx';
import { pageCacheTags, pageHead, prefetchPage } from './pages.ts';

export default defineRemoteModule({
  contractVersion: 1,
  App,
  routes: [{ path: '/*', layout: 'store', render: 'server' }],
  prefetch: prefetchPage,
  head: pageHead,
  cacheTags: pageCacheTags,
});
