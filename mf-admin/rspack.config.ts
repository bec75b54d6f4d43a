/** Admin remote: the /admin area (admin.md). Exposes `./App`. */
import { createAppConfig } from '@prata/shared-ui/federation';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    { name: 'admin', dir: import.meta.dirname, devPort: 3003, kind: 'remote', exposes: { './App': './src/app/app.tsx' } },
    argv,
  );
