/**
 * The admin remote's exposed `./App` (RemoteModule contract, shared-ui): the /admin area is a
 * full-screen panel (admin.md 2), its login included; `/painel-admin` only redirects.
 */
import { defineRemoteModule } from '@prata/shared-ui';
import App from './app.tsx';

export default defineRemoteModule({
  contractVersion: 1,
  App,
  routes: [
    { path: '/admin/*', layout: 'panel' },
    { path: '/painel-admin', layout: 'panel' },
  ],
});
