/**
 * The storefront remote's exposed `./App` (RemoteModule contract, shared-ui): its App and the chrome its
 * routes want: every page sits in the store's header and footer.
 */
import { defineRemoteModule } from '@prata/shared-ui';
import App from './app.tsx';

export default defineRemoteModule({ contractVersion: 1, App, routes: [{ path: '/*', layout: 'store' }] });
