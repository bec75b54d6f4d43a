/**
 * Platform contracts: health, errors, the remote registry and the runtime configuration.
 *
 * The remote registry is how the shell learns at runtime where each federated remote lives
 * (no remote URL is compiled into the shell).
 */
import { z } from 'zod';
import { ROUTE_LAYOUTS } from './remote-module.ts';

/** Names of the federated remotes; each is also its Module Federation container name. */
export const REMOTE_NAMES = ['storefront', 'checkout', 'admin', 'devtools'] as const;
export const remoteNameSchema = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/** An SRI hash as releases record them: `sha384-` + 64 base64 characters (the hash of 48 bytes). */
export const SRI_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * A style sheet's name as a federation manifest gives it, relative to the manifest's files
 * (`__federation_expose_App.d11e1dcc.css`, `static/css/page-auth.f9fc03e1.css`): path segments of
 * letters, digits, `_`, `-`, `@` and `.` that do not start with a dot (no `.` or `..`, no
 * absolute path, no scheme, no query), ending in `.css`, at most 200 characters.
 */
export const STYLE_SHEET_NAME_PATTERN = /^(?=.{1,200}$)(?:[A-Za-z0-9_@-][A-Za-z0-9._@-]*\/)*[A-Za-z0-9_@-][A-Za-z0-9._@-]*\.css$/;

/**
 * One registry entry: where a remote's `mf-manifest.json` is, which build it is, and which
 * route patterns (react-router syntax, absolute) it owns. The shell routes a path to the remote
 * whose pattern ranks best; the remote's own router renders the page. `serverIntegrity` (a
 * published release with a Node build): SRI `sha384-<base64>` of the Node container the
 * manifest names (`metaData.ssrRemoteEntry`); the shell's host runs it only when the bytes match.
 * `styleIntegrity` (a published release that recorded them): the same hash of each style sheet its
 * manifest lists, by the name the manifest gives; the host inlines a sheet of the release only when
 * its bytes match.
 */
export const remoteEntrySchema = z.object({
  name: remoteNameSchema,
  manifestUrl: z.url(),
  version: z.string().min(1),
  routes: z.array(z.string().startsWith('/')).min(1),
  serverIntegrity: z.string().regex(SRI_PATTERN).optional(),
  /** Style sheet name (relative to the manifest's files, {@link STYLE_SHEET_NAME_PATTERN}) -> SRI `sha384-<base64>` of its bytes. */
  styleIntegrity: z.record(z.string().regex(STYLE_SHEET_NAME_PATTERN), z.string().regex(SRI_PATTERN)).optional(),
  /**
   * The operator's bootstrap entry (the API's registry file or environment), served while no
   * release of the remote is active: configuration deployed with the store, not a release. The
   * shell's host runs a Node build without a recorded `serverIntegrity` only for such an entry;
   * a release must record the hash.
   */
  bootstrap: z.literal(true).optional(),
  /**
   * While a canary of this remote runs and the registry was asked with `?client=`: the token the
   * browser sends back with its error reports, so the canary guard counts them.
   */
  reportToken: z.string().max(300).optional(),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remoteRegistrySchema = z.array(remoteEntrySchema);

export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeMs: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * Every 4xx/5xx body. `message` is pt-BR text fit for the UI; `issues` lists field errors
 * as `{ path, message }` for validation failures (400). 5xx bodies never carry details.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * `GET /runtime-config.json`, served by each app's host from its environment, so builds carry
 * no environment-specific URL.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/**
 * How the remote's slot of a server-rendered page was sent: `server`, with the remote's
 * HTML (hydrated in the browser); `client`, with a placeholder the browser renders the remote into
 * (a client-rendered route, a remote without a server build, or one whose server render failed or
 * overran its time budget).
 */
export const SLOT_RENDERING = ['server', 'client'] as const;
export type SlotRendering = (typeof SLOT_RENDERING)[number];

/** What the shell's host server-rendered for a page, so the browser's first render is the same tree. */
export const renderedPageSchema = z.object({
  /** The path the page was rendered for. */
  pathname: z.string().startsWith('/'),
  /** The remote owning the path, or null (nobody: the not-found page). */
  remote: remoteNameSchema.nullable(),
  /** That remote's version, as the registry gave it. */
  version: z.string().nullable(),
  /** The chrome around the page. */
  layout: z.enum(ROUTE_LAYOUTS),
  slot: z.enum(SLOT_RENDERING),
});
export type RenderedPage = z.infer<typeof renderedPageSchema>;

/**
 * The boot data the shell's host inlines in every document (`<script type="application/json"
 * id="prata-boot">`, never executed): the runtime configuration, the registry it composed the page
 * from (null when the API did not answer in time: the shell then asks for it), and, when the page
 * was server-rendered, what was rendered.
 */
export const shellBootSchema = z.object({
  apiUrl: z.url(),
  registry: remoteRegistrySchema.nullable(),
  page: renderedPageSchema.optional(),
});
export type ShellBoot = z.infer<typeof shellBootSchema>;
