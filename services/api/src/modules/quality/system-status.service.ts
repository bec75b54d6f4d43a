/**
 * System status checks (admin.md 2 "System status panel", 3 "Health check result", 8 health
 * texts): every check probes the real system, none always passes. The spec's fixed
 * 'Políticas RLS configuradas' became the permissions probe: a real request to an admin route
 * without a token and with a customer's token must be refused.
 *
 * Each check returns `{ id, name, status, message, details }` with the spec's messages; the
 * underlying error message is the details of a failure.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HealthCheck, RemoteRegistry } from '@prata/contracts';
import { Product } from '../catalogue/index.ts';
import { Profile, RefreshToken, User, UserRole, liveSessionRoles } from '../identity/index.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { TokenClaims } from '../../plugins/auth.ts';
import { FALLBACK_IMAGE_KEY, PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../../storage/object-storage.ts';

/** Folder inside the bucket for probe objects (not `products/`, so never a product image). */
const PROBE_FOLDER = '_health';
/** How long a remote's manifest may take to answer, ms. */
export const MANIFEST_TIMEOUT_MS = 3000;
/** A 1x1 transparent PNG: the upload round trip's payload. */
const PROBE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Check = Omit<HealthCheck, 'id' | 'name'>;
const ok = (message: string, details: string | null = null): Check => ({ status: 'success', message, details });
const fail = (message: string, error: unknown): Check => ({ status: 'error', message, details: error instanceof Error ? error.message : String(error) });

/** Whether a remote's manifest answers 200 with JSON within the timeout. @throws Error with the reason. */
export async function probeManifest(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  await response.json();
}

export interface StatusDeps {
  app: FastifyInstance;
  storage: ObjectStorage;
  registry: () => Promise<RemoteRegistry>;
}

export class SystemStatusService {
  private readonly deps: StatusDeps;

  constructor(deps: StatusDeps) {
    this.deps = deps;
  }

  /** Runs every check (in parallel where independent) for the signed-in caller (user and session ids). */
  async run(em: EntityManager, caller: { userId: string; sessionId: string }): Promise<HealthCheck[]> {
    const registry = await this.deps.registry();
    // The upload probe writes into the bucket too: it runs after the storage check.
    const storage = this.storage();
    const named: [string, string, Promise<Check>][] = [
      ['database', 'Banco de Dados', this.database(em)],
      ['storage', 'Storage (product-images)', storage],
      ['auth', 'Autenticação', this.auth(em, caller)],
      ['products', 'Tabela de Produtos', this.products(em)],
      ['users', 'Sistema de Usuários', this.users(em)],
      ['permissions', 'Permissões', this.permissions(em)],
      ['upload', 'Upload de Imagens', storage.then(() => this.upload())],
      ['realtime', 'Realtime', Promise.resolve(this.realtime())],
      ...registry.map((remote): [string, string, Promise<Check>] => [
        `remote-${remote.name}`,
        `Remote ${remote.name}`,
        probeManifest(remote.manifestUrl).then(
          () => ok(`Remote ${remote.name} disponível`, `versão ${remote.version} · ${remote.manifestUrl}`),
          (error: unknown) => fail(`Remote ${remote.name} indisponível`, new Error(`${remote.manifestUrl}: ${error instanceof Error ? error.message : String(error)}`)),
        ),
      ]),
    ];
    const results = await Promise.all(named.map(([, , check]) => check.catch((error: unknown) => fail('Erro inesperado', error))));
    return named.map(([id, name], index) => ({ id, name, ...results[index]! }));
  }

  private async database(em: EntityManager): Promise<Check> {
    try {
      await em.getConnection().execute('select 1');
      return ok('Conexão estabelecida com sucesso');
    } catch (error) {
      return fail('Falha na conexão com o banco', error);
    }
  }

  /**
   * The storage takes a real write, read and delete (any failure: ERRO), and holds the image
   * bucket: its fallback image, written at every start, is there (missing: a warning).
   */
  private async storage(): Promise<Check> {
    try {
      const key = `${PROBE_FOLDER}/probe-${randomUUID()}.txt`;
      const body = `probe ${randomUUID()}`;
      await this.deps.storage.put(PRODUCT_IMAGES_BUCKET, key, body);
      const read = await this.deps.storage.read(PRODUCT_IMAGES_BUCKET, key);
      await this.deps.storage.remove(PRODUCT_IMAGES_BUCKET, key);
      if (read?.data.toString() !== body) throw new Error('o arquivo gravado não pôde ser lido de volta');
      if (!(await this.deps.storage.exists(PRODUCT_IMAGES_BUCKET, FALLBACK_IMAGE_KEY))) {
        return { status: 'warning', message: 'Bucket de imagens não encontrado', details: `O bucket ${PRODUCT_IMAGES_BUCKET} em ${this.deps.storage.description} não tem a imagem padrão (o serviço a grava ao iniciar).` };
      }
      return ok('Bucket de imagens configurado', `Gravação e remoção em ${PRODUCT_IMAGES_BUCKET} funcionando`);
    } catch (error) {
      return fail('Erro no storage', error);
    }
  }

  /**
   * The caller's session: a token signed and verified with the service's key, counted only while
   * its session is alive (modules/identity liveSessionRoles), its user present.
   */
  private async auth(em: EntityManager, caller: { userId: string; sessionId: string }): Promise<Check> {
    try {
      const token = this.deps.app.jwt.sign({ sub: caller.userId, typ: 'access', sid: caller.sessionId }, { expiresIn: 60 });
      const claims = this.deps.app.jwt.verify<TokenClaims>(token);
      if (!(await liveSessionRoles(em, claims, new Date()))) throw new Error('a sessão não está ativa');
      const user = await em.findOne(User, { id: claims.sub }, { fields: ['email'] });
      if (!user) throw new Error('usuário da sessão não encontrado');
      return ok('Usuário autenticado', user.email);
    } catch (error) {
      return fail('Erro na autenticação', error);
    }
  }

  private async products(em: EntityManager): Promise<Check> {
    try {
      await em.find(Product, {}, { fields: ['id'], limit: 1 });
      return ok('Tabela acessível', `${await em.count(Product)} produtos`);
    } catch (error) {
      return fail('Erro na tabela de produtos', error);
    }
  }

  private async users(em: EntityManager): Promise<Check> {
    try {
      const [users, profiles, roles] = [await em.count(User), await em.count(Profile), await em.count(UserRole)];
      return ok('Sistema de usuários ativo', `${users} usuários, ${profiles} perfis, ${roles} funções`);
    } catch (error) {
      return fail('Erro no sistema de usuários', error);
    }
  }

  /** An admin route refuses an anonymous call (401) and a customer's token (403). */
  private async permissions(em: EntityManager): Promise<Check> {
    try {
      const url = '/api/admin/notifications';
      const anonymous = await this.deps.app.inject({ method: 'GET', url });
      if (anonymous.statusCode !== 401) throw new Error(`rota administrativa respondeu ${anonymous.statusCode} sem login`);
      const [customer] = await em
        .getConnection()
        .execute<{ id: string }[]>('select u.id from users u where not exists (select 1 from user_roles r where r.user_id = u.id) limit 1');
      if (!customer) return ok('Sistema de permissões ativo', 'Sem login: recusado (401). Nenhum cliente cadastrado para testar o acesso de cliente.');
      // A real, live customer session for one minute (an access token counts only with one), removed after the probe.
      const probe = em.fork();
      const session = probe.create(RefreshToken, { user: customer.id, familyId: randomUUID(), tokenHash: sha256Hex(randomToken()), expiresAt: new Date(Date.now() + 60_000), userAgent: 'system-status probe', ipAddress: null });
      await probe.flush();
      try {
        const token = this.deps.app.jwt.sign({ sub: customer.id, typ: 'access', sid: session.familyId }, { expiresIn: 60 });
        const asCustomer = await this.deps.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (asCustomer.statusCode !== 403) throw new Error(`rota administrativa respondeu ${asCustomer.statusCode} a um cliente`);
      } finally {
        await probe.nativeDelete(RefreshToken, { id: session.id });
      }
      return ok('Sistema de permissões ativo', 'Sem login: recusado (401). Cliente: recusado (403).');
    } catch (error) {
      return fail('Erro nas permissões', error);
    }
  }

  /** An image is stored, served back over HTTP byte for byte, and removed. */
  private async upload(): Promise<Check> {
    const key = `${PROBE_FOLDER}/upload-${randomUUID()}.png`;
    try {
      await this.deps.storage.put(PRODUCT_IMAGES_BUCKET, key, PROBE_PNG);
      const served = await this.deps.app.inject({ method: 'GET', url: `/storage/${PRODUCT_IMAGES_BUCKET}/${key}` });
      if (served.statusCode !== 200) throw new Error(`a imagem enviada respondeu HTTP ${served.statusCode}`);
      if (!served.rawPayload.equals(PROBE_PNG)) throw new Error('a imagem servida difere da enviada');
      return ok('Upload de imagens funcional');
    } catch (error) {
      return fail('Erro no upload de imagens', error);
    } finally {
      await this.deps.storage.remove(PRODUCT_IMAGES_BUCKET, key).catch(() => undefined);
    }
  }

  private realtime(): Check {
    const listening = this.deps.app.events.listening;
    if (!listening) return { status: 'error', message: 'Realtime indisponível', details: 'A conexão de escuta do PostgreSQL caiu; reconectando.' };
    return ok('Realtime ativo', `${this.deps.app.realtime.size} conexões neste processo`);
  }
}
