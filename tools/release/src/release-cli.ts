/**
 * The release commands of one remote (docs/releasing.md):
 *
 * - `npm run release -- <remote> [--no-activate | --canary <percent>] [--notes <text>] [--base-url <url>] [--accept-growth]`: builds the
 *   remote alone from the working tree (its browser and Node builds), publishes both to `<remote>/<version>/` of the release
 *   storage (services/api/src/storage/release-storage.ts, `@prata/api/releases`: `DATA_DIR/deploy/` by default, or an S3-compatible bucket
 *   with `RELEASE_STORAGE=s3`), registers the version (manifest `<base-url><version>/mf-manifest.json`, SRI hashes of its entry, Node container and style sheets, its weight)
 *   and, unless `--no-activate`, makes it active (the service checks the manifest and entry are
 *   reachable and intact first). `--canary 10` publishes it for 10 % of clients (sticky per
 *   client) instead. Prints the version on stdout.
 * - `npm run release -- <remote> --promote`: activates the running canary's version for everybody.
 *   `--base-url` (or `RELEASE_BASE_URL`) is where `<remote>/` of the storage is served; by default
 *   the bucket's public URL, or for the local storage the remote's own origin (its current registry
 *   entry) + `/releases/`, where the remote's static host serves it (services/static-host/src/releases.ts).
 *   A build that does not fit the shell the store serves (`SHELL_URL`/build-info.json, else
 *   shell/dist: another RemoteModule contract major, or shared singleton versions the shell does
 *   not satisfy) is refused before anything is published, and so is a build whose published types
 *   (`@mf-types.zip`, manifest `metaData.types`) fail the shell's check: the default export of `./App`
 *   not assignable to the shell's RemoteModule (shell/scripts/check-remote-types.ts; TypeScript's
 *   diagnostics in the message). So is a build over its byte budget (initial JS or CSS gzip over
 *   `mf-<remote>/package.json` `prata.budget`), and one more than 5 % heavier (JS or CSS) than the
 *   live version unless `--accept-growth` (both figures in the message).
 * - `npm run rollback -- <remote> [<version>]`: ends a running canary; else makes the given
 *   version, else the one published before the active one (else the bootstrap entry) active.
 * - `npm run releases -- <remote>`: lists the versions, the active one marked with `*`.
 *
 * Where the changes are recorded (release-target.ts): the service's database (default: the
 * running store's embedded PostgreSQL under `DATA_DIR`, or `DATABASE_URL`), or the developer API of
 * a running service with `PRATA_API_URL` + `PRATA_API_TOKEN` (a developer's access token).
 * Exit codes: 0 done, 1 refused or failed (the service's pt-BR reason on stderr), 2 usage.
 */
import { parseArgs } from 'node:util';
import { REMOTE_NAMES, remoteNameSchema, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import { formatBytes } from '@prata/contracts/build-weight';
import { loadConfig, REPO_ROOT } from '@prata/api/config';
import { reportCliError } from '@prata/api/cli-error';
import { EmbeddedDatabaseInUseError, releaseStorageFromEnv, type ReleaseStorage } from '@prata/api/releases';
import { openReleaseTarget, type ReleaseTarget } from './release-target.ts';
import { buildRemote, checkWeight, compatibilityProblems, publishBuild, remoteTypesProblems, shellBuildInfo, takeSourceMaps } from './release-build.ts';

const USAGE = [
  'usage:',
  '  npm run release -- <remote> [--no-activate | --canary <percent>] [--notes <text>] [--base-url <url>] [--accept-growth]',
  '  npm run release -- <remote> --promote',
  '  npm run rollback -- <remote> [<version>]',
  '  npm run releases -- <remote>',
  `remotes: ${REMOTE_NAMES.join(', ')}`,
].join('\n');

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    activate: { type: 'boolean', default: true },
    canary: { type: 'string' },
    promote: { type: 'boolean', default: false },
    notes: { type: 'string', default: '' },
    'base-url': { type: 'string' },
    'accept-growth': { type: 'boolean', default: false },
  },
});
const [command, remoteArg, versionArg] = positionals;
if (command !== 'release' && command !== 'rollback' && command !== 'releases') usage(`unknown command ${String(command)}`);
const parsedRemote = remoteNameSchema.safeParse(remoteArg);
if (!parsedRemote.success) usage(remoteArg ? `unknown remote "${remoteArg}"` : 'which remote?');
const remote: RemoteName = parsedRemote.data;
const canaryPercent = values.canary === undefined ? undefined : Number(values.canary);
if (canaryPercent !== undefined && !(Number.isInteger(canaryPercent) && canaryPercent >= 1 && canaryPercent <= 99)) usage('--canary takes a whole percentage from 1 to 99');

/** One line per version, newest first, `*` before the active one. */
function describeList(list: RemoteReleaseList): string {
  const lines = [`${list.remote}: ${list.active ? `active ${list.active}` : 'bootstrap entry (no active release)'} -> ${list.current.manifestUrl}`];
  if (list.canary) lines.push(`  canary ${list.canary.version} for ${list.canary.percent} % of clients (since ${list.canary.startedAt}, ${list.canary.startedBy})`);
  if (list.releases.length === 0) lines.push('  no releases yet');
  for (const release of list.releases) {
    const weight = release.weight ? `  JS ${formatBytes(release.weight.jsGzip)} CSS ${formatBytes(release.weight.cssGzip)} gzip` : '';
    lines.push(`${release.active ? '*' : ' '} ${release.version.padEnd(24)} ${release.publishedAt}  ${release.publishedBy}${weight}${release.notes ? `  ${release.notes}` : ''}`);
  }
  return lines.join('\n');
}

/** `<base>` ending in `/`: the option, `RELEASE_BASE_URL`, the storage's public URL, or the remote's origin + `/releases/`. */
function releaseBaseUrl(list: RemoteReleaseList, storage: ReleaseStorage): string {
  const base = values['base-url'] ?? process.env.RELEASE_BASE_URL ?? storage.publicBaseUrl(remote) ?? `${new URL(list.current.manifestUrl).origin}/releases/`;
  return base.endsWith('/') ? base : `${base}/`;
}

async function release(target: ReleaseTarget, storage: ReleaseStorage): Promise<void> {
  const before = await target.list(remote);
  console.error(`building mf-${remote} from the working tree ...`);
  const build = await buildRemote(remote);
  try {
    const shell = await shellBuildInfo(config.shellUrl);
    const problems = await compatibilityProblems(build.dir, shell.info);
    if (problems.length > 0) {
      throw new Error(`${remote} ${build.version} não foi publicada: não é compatível com o shell ${shell.info.version} (${shell.source}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    }
    // The types the build publishes must satisfy the shell's RemoteModule contract.
    const typeProblems = await remoteTypesProblems(build.dir);
    if (typeProblems.length > 0) {
      throw new Error(`${remote} ${build.version} não foi publicada: os tipos publicados dos módulos expostos não satisfazem os contratos do shell (RemoteModule para ./App, RemoteWidgetComponent para os demais):\n${typeProblems.join('\n')}`);
    }
    // Byte budget, and growth over the live version.
    const weight = await checkWeight(build, before, values['accept-growth'] === true);
    console.error(weight.summary);
    if (weight.refusal) throw new Error(weight.refusal);
    if (weight.acceptedGrowth.length > 0) console.error(`growth accepted (--accept-growth):\n${weight.acceptedGrowth.map((problem) => `  - ${problem}`).join('\n')}`);
    // Hidden source maps go to the service with the version, never to the published copy.
    const maps = await takeSourceMaps(build.dir);
    const storedMaps = await target.uploadSourceMaps(remote, build.version, maps);
    console.error(`uploaded ${storedMaps} source maps of ${remote} ${build.version} to ${target.description}`);
    const published = await publishBuild(build, storage);
    console.error(`${published.copied ? 'copied the build to' : 'this version was already published at'} ${published.location}`);
    const manifestUrl = `${releaseBaseUrl(before, storage)}${build.version}/mf-manifest.json`;
    const activate = canaryPercent === undefined && values.activate !== false;
    let list = await target.publish(remote, {
      version: build.version,
      manifestUrl,
      integrity: published.integrity,
      ...(published.serverIntegrity ? { serverIntegrity: published.serverIntegrity } : {}),
      styleIntegrity: published.styleIntegrity,
      weight: weight.weight,
      notes: values.notes ?? '',
      activate,
    });
    if (canaryPercent !== undefined) list = await target.startCanary(remote, build.version, canaryPercent);
    console.error(describeList(list));
    console.error(
      canaryPercent !== undefined
        ? `${remote} ${build.version} is live for ${canaryPercent} % of clients (promote: npm run release -- ${remote} --promote; abandon: npm run rollback -- ${remote})`
        : activate
          ? `${remote} ${build.version} is live from the next page load`
          : `published ${build.version} without activating it`,
    );
    console.log(build.version);
  } finally {
    await build.dispose();
  }
}

process.chdir(REPO_ROOT);
const config = loadConfig({ ...process.env, SEED: 'never', LOG_LEVEL: 'silent' });
const target = await openReleaseTarget(config).catch((error: unknown) => {
  console.error(`could not open the release registry: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof EmbeddedDatabaseInUseError) console.error('the store is restarting its database: try again in a few seconds');
  process.exit(1);
});
console.error(`release registry: ${target.description}`);
try {
  if (command === 'release' && values.promote) {
    const canary = (await target.list(remote)).canary;
    if (!canary) throw new Error(`Nenhum canário de ${remote} em andamento.`);
    const list = await target.activate(remote, canary.version);
    console.error(describeList(list));
    console.log(canary.version);
  } else if (command === 'release') await release(target, releaseStorageFromEnv(process.env, config.dataDir));
  else if (command === 'rollback') {
    const list = await target.rollback(remote, versionArg);
    console.error(describeList(list));
    console.log(list.active ?? 'bootstrap');
  } else console.log(describeList(await target.list(remote)));
} catch (error) {
  reportCliError(error);
} finally {
  await target.close();
}
