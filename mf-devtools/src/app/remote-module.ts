/**
 * The devtools remote's exposed `./App` (RemoteModule contract, shared-ui): the /developer area
 * and its login are a full-screen panel (admin.md 2); the public component gallery at
 * /developer/ui keeps the store chrome (it shows the components as shoppers see them).
 */
import { defineRemoteModule } from '@prata/shared-ui';
import App from './app.tsx';

export default defineRemoteModule({
  contractVersion: 1,
  App,
  routes: [
    { path: '/developer/*', layout: 'panel' },
    { path: '/developer/ui', layout: 'store' },
    { path: '/developer-login', layout: 'panel' },
    { path: '/desenvolvedor', layout: 'panel' },
  ],
});
