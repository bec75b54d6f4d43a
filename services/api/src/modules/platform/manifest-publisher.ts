/**
 * Publishing a built remote from the developer dashboard, given the URL of its `mf-manifest.json`
 * on an allowed release origin (`RELEASE_ORIGINS`): the service reads the build there and checks
 * it as `npm run release` checks its build directory (release-checks.ts, the same code), then
 * records it through the registry without activating it (remote-releases.service.ts `publish`,
 * which verifies it once more against the hashes taken here and writes the `admin_logs` row
 * `remote_release_published`). The dashboard's canary, activate and rollback take it from there.
 *
 * What is read, each file on the allow-list ({@link onAllowedOrigin}) and, for a host named by
 * DNS, resolving to public addresses only (lib/outbound-url.ts `resolvedUrlProblem`; an item of
 * the allow-list that is itself a private or local address, such as the development origins or a
 * compose bucket, is the operator's choice), without following redirects, within 5 s and a size
 * cap ({@link MANIFEST_MAX_BYTES}, {@link BUILD_FILE_MAX_BYTES}):
 * the manifest (it must name the remote and announce a valid version not published yet), the
 * `build-info.json` next to it (the same remote and version, its weight and budget), the shell's
 * `build-info.json` (`SHELL_URL`, configuration), the entry, the Node container the manifest
 * announces, and each style sheet it lists.
 *
 * Refusals, each with its pt-BR message and nothing recorded: 400 for an origin off the allow-list
 * or a host resolving to a private address; 409 for a version already published, an entry whose
 * hash differs from the `integrity` given, files that changed between the hashing and the
 * registry's verification, or the shell's build-info.json unreadable; 422 for a build that
 * cannot be read (unreachable, redirected, too large, not valid) or does not pass a check (another
 * remote, shell compatibility, byte budget, growth).
 *
 * Not run here: the type check of the published types against the shell
 * (`shell/scripts/check-remote-types.ts`, the release tool's), which needs the shell's sources and
 * the TypeScript compiler the service does not ship.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { appBuildInfoSchema, publishFromManifestSchema, releaseVersionSchema, type AppBuildInfo, type PublishFromManifestInput, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import { weighedBuildInfoSchema } from '@prata/contracts/build-weight';
import { ConflictError, UnprocessableError, ValidationError } from '../../errors.ts';
import { outboundUrlProblem, resolvedUrlProblem, type HostLookup } from '../../lib/outbound-url.ts';
import { InvalidStyleSheetNameError, liveWeight, shellCompatibilityProblems, styleSheetHashes, weightRefusal, type ManifestShared } from './release-checks.ts';
import { entryUrlOf, fetchBytes, manifestBase, onAllowedOrigin, ReleaseVerificationError, serverEntryUrlOf, sriHash, type FederationManifest } from './release-verifier.ts';
import { RemoteRelease } from './remote-release.entities.ts';
import type { ReleaseActor, RemoteReleaseService } from './remote-releases.service.ts';

/** Largest manifest or build-info.json read, bytes. */
export const MANIFEST_MAX_BYTES = 1024 * 1024;
/** Largest entry, Node container or style sheet read, bytes. */
export const BUILD_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** Time allowed for each file, ms. */
export const BUILD_FILE_TIMEOUT_MS = 5000;

export interface ManifestPublisherOptions {
  /** `RELEASE_ORIGINS`: origins, or origins with a path prefix, a build may be read from. */
  allowedOrigins: readonly string[];
  /** `SHELL_URL`: the shell's build-info.json is `<shellUrl>/build-info.json`. */
  shellUrl: string;
  fetchImpl?: typeof fetch;
  /** DNS resolution for the public-address check (tests). */
  lookup?: HostLookup;
  log?: { warn(obj: object, msg: string): void };
}

/** The 422 of a build that cannot be read or does not pass a check. */
const refused = (message: string, code: string) => new UnprocessableError(message, code);

export class ManifestPublisher {
  private readonly releases: Pick<RemoteReleaseService, 'publish' | 'list'>;
  private readonly options: ManifestPublisherOptions;

  /** @param releases the registry that records the release (and verifies it against the hashes taken here). */
  constructor(releases: Pick<RemoteReleaseService, 'publish' | 'list'>, options: ManifestPublisherOptions) {
    this.releases = releases;
    this.options = options;
  }

  /**
   * Reads, checks and publishes (never activates) the build of `remote` whose manifest is at
   * `input.manifestUrl`, recorded under `actor`.
   * @returns the remote's releases afterwards (the new version listed, not active).
   * @throws ValidationError (400), ConflictError (409) or UnprocessableError (422) with the
   * pt-BR reason (see the module's summary); nothing is recorded then.
   */
  async publish(em: EntityManager, remote: RemoteName, input: PublishFromManifestInput, actor: ReleaseActor): Promise<RemoteReleaseList> {
    const { manifestUrl, integrity, notes, acceptGrowth } = publishFromManifestSchema.parse(input);
    const manifest = this.json<FederationManifest>(await this.read(manifestUrl, ['o manifest', 'do manifest'], MANIFEST_MAX_BYTES), 'O manifest não é um JSON válido');
    const name = manifest.metaData?.name ?? manifest.name;
    if (name !== remote) throw refused(`O manifest em ${manifestUrl} é de ${String(name)}, não de ${remote}; nada foi publicado.`, 'manifest_other_remote');
    const version = releaseVersionSchema.safeParse(manifest.metaData?.buildInfo?.buildVersion);
    if (!version.success) throw refused('O manifest não anuncia uma versão válida (metaData.buildInfo.buildVersion): publique um build de produção deste repositório.', 'manifest_without_version');
    const label = `${remote} ${version.data} não foi publicada`;
    if ((await em.count(RemoteRelease, { remote, version: version.data })) > 0) throw new ConflictError(`A versão ${version.data} de ${remote} já foi publicada.`, 'release_exists');

    const infoUrl = new URL('build-info.json', manifestUrl).toString();
    const info = weighedBuildInfoSchema.safeParse(this.json(await this.read(infoUrl, ['o build-info.json', 'do build-info.json'], MANIFEST_MAX_BYTES), 'O build-info.json não é um JSON válido'));
    if (!info.success || info.data.name !== remote || info.data.version !== version.data || !info.data.weight || !info.data.budget) {
      throw refused(`${label}: o build-info.json ao lado do manifest não é de ${remote} ${version.data} ou não registra peso e orçamento (build de produção deste repositório).`, 'build_info_invalid');
    }
    const shell = await this.shellInfo();
    const problems = shellCompatibilityProblems(info.data, manifest as ManifestShared, shell);
    if (problems.length > 0) throw refused(`${label}: não é compatível com o shell ${shell.version}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`, 'release_incompatible');
    const before = await this.releases.list(em, remote);
    const live = await liveWeight(before, this.options.fetchImpl ?? fetch, this.options.allowedOrigins);
    const weight = weightRefusal(label, info.data.weight, info.data.budget, live, acceptGrowth, 'marque "Aceitar crescimento"', remote);
    if (weight.refusal) throw refused(weight.refusal, 'release_over_budget');

    const hashes = await this.hashes(manifest, manifestUrl);
    if (integrity && hashes.integrity !== integrity) {
      throw new ConflictError(`${label}: o hash de integridade do arquivo de entrada (${hashes.integrity}) não confere com o informado (${integrity}).`, 'integrity_mismatch');
    }
    try {
      return await this.releases.publish(em, remote, { version: version.data, manifestUrl, ...hashes, weight: info.data.weight, notes, activate: false }, actor);
    } catch (error) {
      if (!(error instanceof ReleaseVerificationError)) throw error;
      throw new ConflictError(`${label}: os arquivos mudaram ou ficaram indisponíveis entre a leitura e a verificação de integridade; publique de novo a partir de um build limpo.`, 'integrity_mismatch');
    }
  }

  /** SRI hashes of the entry, of the Node container the manifest announces, and of each style sheet it lists. */
  private async hashes(manifest: FederationManifest, manifestUrl: string) {
    let entryUrl: string;
    let serverUrl: string | null;
    try {
      entryUrl = entryUrlOf(manifest, manifestUrl);
      serverUrl = serverEntryUrlOf(manifest, manifestUrl);
    } catch {
      throw refused('O manifest não é um mf-manifest.json válido: não nomeia o arquivo de entrada (metaData.remoteEntry).', 'manifest_invalid');
    }
    const integrity = sriHash(await this.read(entryUrl, ['o arquivo de entrada', 'do arquivo de entrada'], BUILD_FILE_MAX_BYTES));
    const serverIntegrity = serverUrl ? sriHash(await this.read(serverUrl, ['o contêiner Node (metaData.ssrRemoteEntry)', 'do contêiner Node (metaData.ssrRemoteEntry)'], BUILD_FILE_MAX_BYTES)) : null;
    const base = manifestBase(manifest, manifestUrl);
    try {
      const styleIntegrity = await styleSheetHashes(manifest, (name) => this.read(new URL(name, base).toString(), [`a folha de estilo ${name}`, `da folha de estilo ${name}`], BUILD_FILE_MAX_BYTES));
      return { integrity, ...(serverIntegrity ? { serverIntegrity } : {}), styleIntegrity };
    } catch (error) {
      if (error instanceof InvalidStyleSheetNameError) throw refused(`O manifest lista a folha de estilo "${error.sheet}", que não é um caminho .css relativo.`, 'manifest_invalid');
      throw error;
    }
  }

  /** The shell's build-info.json (`SHELL_URL`, configuration: its origin is not checked against the allow-list). */
  private async shellInfo(): Promise<AppBuildInfo> {
    const url = `${this.options.shellUrl.replace(/\/$/, '')}/build-info.json`;
    const bytes = await fetchBytes(url, this.options.fetchImpl ?? fetch, BUILD_FILE_TIMEOUT_MS, MANIFEST_MAX_BYTES);
    const parsed = typeof bytes === 'string' ? null : appBuildInfoSchema.safeParse(this.parse(bytes));
    if (!parsed?.success) {
      this.options.log?.warn({ url, reason: typeof bytes === 'string' ? bytes : 'not a valid build-info.json' }, 'publish from manifest: shell build-info.json not read');
      throw new ConflictError(`Não foi possível ler o build-info.json do shell em ${url}; sem ele a compatibilidade não pode ser verificada e nada foi publicado.`, 'shell_unreadable');
    }
    return parsed.data;
  }

  /**
   * The bytes of the build's file at `url` (`what` names it in the messages: `o manifest`, `do manifest`).
   * @throws ValidationError off the allow-list or on a host resolving to a private address;
   * UnprocessableError when it cannot be read (unreachable, redirected, too large, too slow).
   */
  private async read(url: string, [what, ofWhat]: readonly [string, string], maxBytes: number): Promise<Uint8Array> {
    if (!onAllowedOrigin(url, this.options.allowedOrigins)) {
      const message = `A URL ${ofWhat} (${url}) não está numa origem de release permitida (RELEASE_ORIGINS); nada foi publicado.`;
      throw new ValidationError(message, [{ path: 'body.manifestUrl', message }], 'release_origin_not_allowed');
    }
    // The allow-list names the origin; a host named by DNS must still resolve to public addresses
    // (an item that is itself a private or local address is the operator's choice).
    const strict = { httpsOnly: false, allowPrivate: false };
    if (outboundUrlProblem(url, strict) === null) {
      const problem = await resolvedUrlProblem(url, strict, this.options.lookup);
      if (problem) {
        const message = `A URL ${ofWhat} (${url}) foi recusada: ${problem}; nada foi publicado.`;
        throw new ValidationError(message, [{ path: 'body.manifestUrl', message }], 'release_origin_not_allowed');
      }
    }
    const bytes = await fetchBytes(url, this.options.fetchImpl ?? fetch, BUILD_FILE_TIMEOUT_MS, maxBytes);
    if (typeof bytes !== 'string') return bytes;
    this.options.log?.warn({ url, reason: bytes }, 'publish from manifest: file not read');
    const why = bytes.startsWith('larger than') ? `maior que o limite de ${maxBytes} bytes` : bytes.startsWith('redirect') ? `redirecionamento (${bytes.slice(9)}) não é seguido` : `inacessível (${bytes})`;
    throw refused(`Não foi possível ler ${what} em ${url}: ${why}; nada foi publicado.`, 'manifest_unreachable');
  }

  private parse(bytes: Uint8Array): unknown {
    try {
      return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    } catch {
      return undefined;
    }
  }

  /** `bytes` as a JSON object. @throws UnprocessableError with `message` when they are not one. */
  private json<T = unknown>(bytes: Uint8Array, message: string): T {
    const value = this.parse(bytes);
    if (typeof value !== 'object' || value === null) throw refused(`${message}; nada foi publicado.`, 'manifest_invalid');
    return value as T;
  }
}
