/** Ports and URLs of the store the e2e suite starts (kept apart from a running `npm start`). */
import path from 'node:path';

const ports = { shell: 18080, api: 13000, storefront: 13001, checkout: 13002, admin: 13003, devtools: 13004 } as const;

export const E2E = {
  ports,
  pgPort: 54339,
  storeUrl: `http://127.0.0.1:${ports.shell}`,
  apiUrl: `http://127.0.0.1:${ports.api}`,
  /** Embedded database of the e2e store. */
  databaseUrl: `postgres://postgres:postgres@127.0.0.1:54339/prata925`,
  /** Remote registry file the e2e store reads. */
  registryFile: () => path.join(process.env.PRATA_E2E_DATA_DIR!, 'remotes.json'),
};
