/**
 * Remote registry: where each federated remote's `mf-manifest.json` lives, which
 * build it is and which routes it owns. The shell fetches it at runtime, so pointing a running
 * store at another build of a remote is a registry change, not a shell rebuild.
 *
 * Source of truth, in order: the JSON file `REMOTE_REGISTRY_FILE` (re-read whenever its mtime
 * changes; an invalid file keeps the last valid registry and logs the error; a missing file
 * means the defaults), else defaults built from `REMOTE_<NAME>_URL`.
 */
import fs from 'node:fs/promises';
import { remoteRegistrySchema, type RemoteName, type RemoteRegistry } from '@prata/contracts';

/** Routes each remote owns by default (storefront.md 2 and admin.md 2 route tables). */
export const DEFAULT_REMOTE_ROUTES: Readonly<Record<RemoteName, string[]>> = {
  storefront: [
    '/',
    '/produtos',
    '/produtos/:slug',
    '/sobre',
    '/contato',
    '/auth',
    '/recuperar-senha',
    '/reset-password',
    '/avisos/confirmar',
    '/politica-privacidade',
    '/politica-troca',
    '/termos-uso',
  ],
  checkout: ['/carrinho', '/carrinho/recuperar/*', '/checkout', '/pedido-confirmado', '/minha-conta', '/minha-conta/pedidos', '/minha-conta/pedidos/*', '/pedido/*', '/rastrear-pedido'],
  admin: ['/admin/*', '/painel-admin'],
  devtools: ['/developer/*', '/developer-login', '/desenvolvedor'],
};

/** Build version announced for the default entries. */
export const DEFAULT_REMOTE_VERSION = '0.1.0';

interface Logger {
  error(obj: unknown, msg?: string): void;
}

export class RemoteRegistryService {
  private readonly file: string | undefined;
  private readonly defaults: RemoteRegistry;
  private readonly log: Logger;
  private cached: { mtimeMs: number; registry: RemoteRegistry } | undefined;

  /** @param origins origin of each remote's deployment, e.g. `http://127.0.0.1:3001`. */
  constructor(origins: Record<RemoteName, string>, file: string | undefined, log: Logger) {
    this.file = file;
    this.log = log;
    this.defaults = (Object.keys(DEFAULT_REMOTE_ROUTES) as RemoteName[]).map((name) => ({
      name,
      manifestUrl: `${origins[name]}/mf-manifest.json`,
      version: DEFAULT_REMOTE_VERSION,
      routes: DEFAULT_REMOTE_ROUTES[name],
    }));
  }

  /** The current registry. Never throws: falls back to the last valid registry or defaults. */
  async list(): Promise<RemoteRegistry> {
    if (!this.file) return this.defaults;
    try {
      const { mtimeMs } = await fs.stat(this.file);
      if (this.cached?.mtimeMs === mtimeMs) return this.cached.registry;
      const registry = remoteRegistrySchema.parse(JSON.parse(await fs.readFile(this.file, 'utf8')));
      this.cached = { mtimeMs, registry };
      return registry;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.cached = undefined;
        return this.defaults;
      }
      this.log.error({ err: error, file: this.file }, 'remote registry file unreadable; serving the last valid registry');
      return this.cached?.registry ?? this.defaults;
    }
  }
}
