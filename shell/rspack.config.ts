/** Shell (host) build: HTML document, providers, chrome, router and the remote loader. */
import { createAppConfig } from '@prata/shared-ui/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig({ name: 'shell', dir: import.meta.dirname, devPort: 3005, devPortVariable: 'SHELL_ASSETS_PORT', kind: 'host', title: 'Prata 925 | Joias em Prata 925' }, argv);
