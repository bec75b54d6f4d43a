/** Devtools remote: the /developer area (admin.md). Exposes `./App`. */
import { createAppConfig } from '@prata/shared-ui/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    { name: 'devtools', dir: import.meta.dirname, devPort: 3004, devPortVariable: 'DEVTOOLS_PORT', kind: 'remote', exposes: { './App': './src/app/remote-module.ts' } },
    argv,
  );
