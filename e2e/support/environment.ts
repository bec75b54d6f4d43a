/**
 * Ports and URLs of the store the e2e suite starts (kept apart from a running `npm start`).
 * `PRATA_E2E_PORT_OFFSET` shifts every port, so two suites can run side by side.
 */
import path from 'node:path';
import { embeddedUrlFor } from '../../services/api/src/database/embedded-postgres.ts';

const offset = Number.parseInt(process.env.PRATA_E2E_PORT_OFFSET ?? '0', 10) || 0;
const ports = {
  shell: 18080 + offset,
  api: 13000 + offset,
  storefront: 13001 + offset,
  checkout: 13002 + offset,
  admin: 13003 + offset,
  devtools: 13004 + offset,
  /** A spare port the composition test serves a copy of a remote on. */
  spare: 13011 + offset,
  /**
   * The carrier aggregator the e2e store quotes freight at (`MELHOR_ENVIO_URL`): nothing
   * listens there unless a spec starts the Melhor Envio double on it, so quotes come from the
   * store's table (with its notice), as when the carrier is down.
   */
  carrier: 13012 + offset,
} as const;
/** Below the ephemeral range (32768-60999), where an outgoing connection could hold the port. */
const pgPort = 15439 + offset;
/** A second store of the card-payment spec, paying through a Mercado Pago double. */
const acquirerStorePorts = {
  shell: 18280 + offset,
  api: 13200 + offset,
  storefront: 13201 + offset,
  checkout: 13202 + offset,
  admin: 13203 + offset,
  devtools: 13204 + offset,
  pg: 15449 + offset,
} as const;

export const E2E = {
  ports,
  pgPort,
  storeUrl: `http://127.0.0.1:${ports.shell}`,
  apiUrl: `http://127.0.0.1:${ports.api}`,
  /** Embedded database of the e2e store, with the password its cluster keeps in its data directory. */
  get databaseUrl(): string {
    return embeddedUrlFor(path.join(process.env.PRATA_E2E_DATA_DIR!, 'postgres'), pgPort, 'prata925');
  },
  acquirerStorePorts,
  /**
   * The e2e store's server-render budget per page, ms (`SSR_BUDGET_MS`). Longer than the 300 ms
   * default so a busy CI machine still server-renders the pages the suite reads without
   * JavaScript; the overrun test sleeps far past it.
   */
  ssrBudgetMs: 2000,
  /** Remote registry file the e2e store reads. */
  registryFile: () => path.join(process.env.PRATA_E2E_DATA_DIR!, 'remotes.json'),
};
