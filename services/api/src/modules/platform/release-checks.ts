/**
 * The checks a built remote passes before it is published, one implementation for both ways a
 * build is published: the release tool (`npm run release`, tools/release, which reads its build
 * directory) and the developer API's publish by manifest URL (manifest-publisher.ts, which reads
 * the build over HTTP from an allowed release origin). Each reads the build's files through a
 * {@link BuildFileReader}, so the same code hashes them and judges them:
 *
 * - {@link styleSheetHashes}: the SRI hash of each style sheet the manifest lists, by its name
 *   (the `styleIntegrity` the registry records and the shell's host inlines against);
 * - {@link shellCompatibilityProblems}: the build's RemoteModule contract major (its
 *   `build-info.json`) and the singleton ranges its manifest requires against the shell's
 *   `build-info.json` (`remoteCompatibilityProblems` of @prata/contracts with npm `semver`);
 * - {@link weightRefusal}: the byte budget its `build-info.json` records, and growth over the
 *   live version ({@link liveWeight}) beyond MAX_RELEASE_GROWTH unless accepted.
 *
 * The SRI hash of the entries is release-verifier.ts `sriHash`, the same one the registry checks
 * before every activation.
 */
import semver from 'semver';
import { remoteCompatibilityProblems, STYLE_SHEET_NAME_PATTERN, type AppBuildInfo, type RemoteReleaseList, type StyleIntegrity } from '@prata/contracts';
import { budgetProblems, growthProblems, MAX_RELEASE_GROWTH, weighedBuildInfoSchema, type AppBudget, type AppWeight } from '@prata/contracts/build-weight';
import { fetchBytes, manifestStyleSheets, onAllowedOrigin, sriHash, type FederationManifest } from './release-verifier.ts';

/**
 * Reads one file of a build by its name relative to the build's root (`remoteEntry.js`,
 * `static/css/x.css`). @throws Error (with the reason) when the file cannot be read.
 */
export type BuildFileReader = (name: string) => Promise<Uint8Array>;

/** A style sheet name in a manifest that is not a relative `.css` path (STYLE_SHEET_NAME_PATTERN). */
export class InvalidStyleSheetNameError extends Error {
  readonly sheet: string;

  constructor(sheet: string) {
    super(`the manifest lists the style sheet "${sheet}", which is not a relative .css path`);
    this.sheet = sheet;
  }
}

/**
 * The SRI hash (`sha384-<base64>`) of each style sheet `manifest` lists ({@link manifestStyleSheets}:
 * its exposes' and shared modules' CSS and `metaData.chunkStyles`), read with `read`, by the relative
 * name the manifest gives (`__federation_expose_App.d11e1dcc.css` -> `sha384-…`). Empty when it lists none.
 * @throws InvalidStyleSheetNameError for a name that is not a relative `.css` path; the reader's errors.
 */
export async function styleSheetHashes(manifest: FederationManifest, read: BuildFileReader): Promise<StyleIntegrity> {
  const hashes: StyleIntegrity = {};
  for (const name of manifestStyleSheets(manifest)) {
    if (!STYLE_SHEET_NAME_PATTERN.test(name)) throw new InvalidStyleSheetNameError(name);
    hashes[name] = sriHash(await read(name));
  }
  return hashes;
}

/** The parts of a remote's `mf-manifest.json` the skew check reads. */
export interface ManifestShared {
  shared?: { name: string; requiredVersion?: string; singleton?: boolean }[];
}

/**
 * Why a remote build cannot run in the shell described by `shell` (pt-BR sentences, empty when it
 * fits): its contract major (`info.contractVersion`, from its build-info.json) differs, or a
 * singleton range its manifest requires (`shared[].requiredVersion` of singletons) is not met by
 * the version the shell provides (npm `semver.satisfies`).
 */
export function shellCompatibilityProblems(info: Pick<AppBuildInfo, 'contractVersion'>, manifest: ManifestShared, shell: Pick<AppBuildInfo, 'contractVersion' | 'shared'>): string[] {
  const requires = Object.fromEntries((manifest.shared ?? []).filter((entry) => entry.singleton && entry.requiredVersion).map((entry) => [entry.name, entry.requiredVersion!]));
  return remoteCompatibilityProblems(
    { contractVersion: info.contractVersion, requires },
    { contractVersion: shell.contractVersion, provides: shell.shared },
    (version, range) => semver.satisfies(version, range),
  );
}

/** The weight of the live version and where it came from. */
export interface LiveWeight {
  weight: AppWeight;
  version: string;
  /** `registro da versão`, or the URL of the build-info.json it was read from. */
  source: string;
}

/**
 * The weight of the version live for everybody (`list.current`): the weight recorded with its
 * release, else the `weight` of the `build-info.json` next to its manifest (the bootstrap build,
 * or a release recorded before weights were); null when neither is known (then there is nothing
 * to compare with). With `allowedOrigins`, that file is read only on them (the service's
 * release allow-list), without following redirects, within 5 s.
 */
export async function liveWeight(list: RemoteReleaseList, fetchImpl: typeof fetch = fetch, allowedOrigins?: readonly string[]): Promise<LiveWeight | null> {
  const version = list.current.version;
  const recorded = list.releases.find((release) => release.version === list.active)?.weight;
  if (list.active && recorded) return { weight: recorded, version, source: 'registro da versão' };
  const url = new URL('build-info.json', list.current.manifestUrl).toString();
  if (allowedOrigins && !onAllowedOrigin(url, allowedOrigins)) return null;
  const bytes = await fetchBytes(url, fetchImpl, 5000, 256 * 1024);
  if (typeof bytes === 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const info = weighedBuildInfoSchema.safeParse(json);
  return info.success && info.data.weight ? { weight: info.data.weight, version, source: url } : null;
}

/** What the weight checks decided ({@link weightRefusal}). */
export interface WeightDecision {
  /** Why the build must not be published (pt-BR, with the figures), null when it may be. */
  refusal: string | null;
  /** Growth past the limit that was accepted (pt-BR sentences). */
  acceptedGrowth: string[];
}

/**
 * The byte budget and growth checks of a build: refused when its initial JS or CSS gzip is over
 * `budget`, or more than MAX_RELEASE_GROWTH heavier than the live version's unless `acceptGrowth`.
 * Without a known live weight only the budget is checked.
 * @param label how the refusal starts, e.g. `storefront 0.1.0-3f9c2a1b não foi publicada`.
 * @param acceptHint how to accept the growth, e.g. `repita com --accept-growth`.
 */
export function weightRefusal(label: string, weight: AppWeight, budget: AppBudget, live: LiveWeight | null, acceptGrowth: boolean, acceptHint: string, remote: string): WeightDecision {
  const bullets = (problems: string[]) => problems.map((problem) => `  - ${problem}`).join('\n');
  const overBudget = budgetProblems(weight, budget);
  if (overBudget.length > 0) return { acceptedGrowth: [], refusal: `${label}: acima do orçamento de bytes (mf-${remote}/package.json, prata.budget):\n${bullets(overBudget)}` };
  const growth = live ? growthProblems(weight, live.weight) : [];
  if (live && growth.length > 0 && !acceptGrowth) {
    return { acceptedGrowth: [], refusal: `${label}: mais de ${MAX_RELEASE_GROWTH * 100} % mais pesada que a versão no ar ${live.version} (${live.source}); para aceitar, ${acceptHint}:\n${bullets(growth)}` };
  }
  return { refusal: null, acceptedGrowth: growth };
}
