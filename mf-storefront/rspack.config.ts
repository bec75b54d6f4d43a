/** Storefront remote: exposes `./App`, the shopper pages (storefront.md). */
import { createAppConfig } from '@prata/shared-ui/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    { name: 'storefront', dir: import.meta.dirname, devPort: 3001, devPortVariable: 'STOREFRONT_PORT', kind: 'remote', exposes: { './App': './src/app/remote-module.ts' } },
    argv,
  );
