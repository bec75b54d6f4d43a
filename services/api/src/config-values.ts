/**
 * Parsers and checks of single settings of the service's configuration (config.ts): the release
 * origins, the trusted proxies and the production secrets. Each throws or answers the problems in
 * the words `loadConfig` shows when it refuses to start.
 */
import { parseReleaseOriginList } from '@prata/contracts/release-origins';

/**
 * `RELEASE_ORIGINS`: where a published release's manifest and entry may live, space- or
 * comma-separated http(s) origins (`https://vitrine.loja.com.br`: anywhere on it) or origins with a
 * path prefix (`http://minio.localhost:9000/prata-releases/`: only under that path; kept ending in
 * `/`); default the remotes' own origins (`REMOTE_*_URL`). The shell's CSP `script-src` is built
 * from the same list, read the same way (`@prata/contracts/release-origins`).
 * @throws Error naming a value that is not an http(s) origin or an origin with a path prefix.
 */
export function parseReleaseOrigins(value: string | undefined, remoteUrls: readonly string[]): string[] {
  try {
    return parseReleaseOriginList(value, remoteUrls);
  } catch (error) {
    throw new Error(`Invalid configuration:\n${(error as Error).message}`, { cause: error });
  }
}

/** `TRUST_PROXY` of the service: see `parseTrustProxy` in @prata/contracts/address-key (the shell's host reads its own the same way). */
export { parseTrustProxy } from '@prata/contracts/address-key';

/** Secrets shipped in earlier deployment files or documentation: never accepted in production. */
export const WELL_KNOWN_SECRETS: readonly string[] = ['change-me-to-a-long-random-secret-value'];
/** Placeholder words no generated secret contains. */
const PLACEHOLDER = /change[-_ ]?me|changeit|example|placeholder|default|secret|password|senha|prata|your[-_ ]/i;
/** How to make a secret, quoted in every refusal. */
export const SECRET_HOWTO = 'generate one with `openssl rand -base64 48` (or `node -e "console.log(require(\'node:crypto\').randomBytes(48).toString(\'base64url\'))"`)';

/**
 * Problems with the secrets a production deployment must set (OWASP ASVS 6.4 / 2.10: no
 * default or hard-coded secrets): missing, shorter than 32 characters, a well-known or
 * placeholder value, too few distinct characters (e.g. `aaaa...`), or both secrets equal.
 * Returns one line per problem, each saying how to generate a secret; empty when fine.
 */
export function productionSecretProblems(secrets: { JWT_SECRET?: string | undefined; ENCRYPTION_KEY?: string | undefined }): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    if (!value) problems.push(`${name} is not set: ${SECRET_HOWTO}`);
    else if (value.length < 32) problems.push(`${name} is shorter than 32 characters: ${SECRET_HOWTO}`);
    else if (WELL_KNOWN_SECRETS.includes(value) || PLACEHOLDER.test(value) || new Set(value).size < 10) {
      problems.push(`${name} is a well-known or guessable value: ${SECRET_HOWTO}`);
    }
  }
  if (secrets.JWT_SECRET && secrets.JWT_SECRET === secrets.ENCRYPTION_KEY) problems.push(`JWT_SECRET and ENCRYPTION_KEY must differ: ${SECRET_HOWTO}`);
  return problems;
}
