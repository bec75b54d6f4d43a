/** Admin remote: the /admin area (admin.md). Exposes `./App` (its RemoteModule) and `./ProductManager` (the product manager widget the home page shows admins). */
import { createAppConfig } from '@prata/shared-ui/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    { name: 'admin', dir: import.meta.dirname, devPort: 3003, devPortVariable: 'ADMIN_PORT', kind: 'remote', exposes: { './App': './src/app/remote-module.ts', './ProductManager': './src/features/products/components/product-manager-widget.tsx' } },
    argv,
  );
