/** Checkout remote: cart, checkout and order confirmation (storefront.md 2-4). Exposes `./App`. */
import { createAppConfig } from '@prata/shared-ui/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    { name: 'checkout', dir: import.meta.dirname, devPort: 3002, devPortVariable: 'CHECKOUT_PORT', kind: 'remote', exposes: { './App': './src/app/remote-module.ts' } },
    argv,
  );
