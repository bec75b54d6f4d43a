/**
 * Remote release contracts: the versions of each federated remote that teams publish,
 * activate and roll back on their own, kept in the service's database.
 *
 * - A release: `version` (`<package version>-<content hash>`, see shared-ui/build/build-version.ts),
 *   `manifestUrl` (its `mf-manifest.json` in a versioned, immutable location), `integrity` (SRI
 *   `sha384-<base64>` of its `remoteEntry.js`), `serverIntegrity` (the same of its Node build
 *   `server/remoteEntry.js`; absent for a remote rendered in the browser only), `styleIntegrity`
 *   (the same of each style sheet its manifest lists, by name; absent for a release recorded
 *   before, whose sheets the shell's host then does not inline), its
 *   initial `weight` (bytes gzip, build-weight.ts), who published it, when, and notes.
 * - Activations are history: the active version of a remote is the one activated last. A remote
 *   with no activation is served from the bootstrap registry (file/env, platform.ts).
 * - Developer-only routes under `/api/developer/remotes/:remote/...`; every change is audited.
 */
import { z } from 'zod';
import { remoteEntrySchema, remoteNameSchema, SRI_PATTERN, STYLE_SHEET_NAME_PATTERN } from './platform.ts';
import { CLIENT_ID_PATTERN } from './client-id.ts';

const bytes = z.number().int().nonnegative();

/**
 * What an app's first load weighs (build-weight.ts): bytes gzip (level 9) of its initial
 * JS and of its initial CSS, as its build-info.json records it and a release is recorded with.
 */
export const appWeightSchema = z.object({ jsGzip: bytes, cssGzip: bytes });
export type AppWeight = z.infer<typeof appWeightSchema>;

/** A release version: letters, digits, `.`, `_` and `-` (it is a path segment of the deploy location). */
export const releaseVersionSchema = z
  .string({ error: 'Informe a versão' })
  .regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/, 'Versão inválida: use letras, números, ".", "_" ou "-" (até 64 caracteres)');

/** SRI hash of a remote's entry file: `sha384-` + 64 base64 characters. */
export const releaseIntegritySchema = z
  .string({ error: 'Informe o hash de integridade' })
  .regex(SRI_PATTERN, 'Hash de integridade inválido: esperado sha384-<base64>');

/** Most style sheets a release records the hashes of (a remote's build has about a dozen). */
export const MAX_RELEASE_STYLE_SHEETS = 300;

/**
 * The SRI hashes of a release's style sheets: each CSS file its `mf-manifest.json` lists
 * (`exposes[].assets.css`, `shared[].assets.css`, `metaData.chunkStyles`), by the relative name the
 * manifest gives ({@link STYLE_SHEET_NAME_PATTERN}) -> `sha384-<base64>` of its bytes; at most
 * {@link MAX_RELEASE_STYLE_SHEETS} sheets.
 */
export const styleIntegritySchema = z
  .record(z.string().regex(STYLE_SHEET_NAME_PATTERN), releaseIntegritySchema, {
    error: (issue) =>
      issue.code === 'invalid_key' ? 'Nome de folha de estilo inválido: use o caminho relativo do manifest, terminado em .css' : 'Informe os hashes das folhas de estilo como um objeto { nome: hash }',
  })
  .refine((sheets) => Object.keys(sheets).length <= MAX_RELEASE_STYLE_SHEETS, `No máximo ${MAX_RELEASE_STYLE_SHEETS} folhas de estilo por versão`);
export type StyleIntegrity = z.infer<typeof styleIntegritySchema>;

/** `:remote` of the release routes. */
export const remoteParamsSchema = z.object({ remote: z.enum(remoteNameSchema.options, { error: 'Remote desconhecido' }) });

/** `POST /api/developer/remotes/:remote/releases`: registers a published build (and activates it unless `activate: false`). */
export const publishReleaseSchema = z.object({
  version: releaseVersionSchema,
  manifestUrl: z.url({ protocol: /^https?$/, error: 'Informe a URL http(s) do mf-manifest.json da versão' }),
  integrity: releaseIntegritySchema,
  /** SRI of the Node build (`server/remoteEntry.js`) when the build has one. */
  serverIntegrity: releaseIntegritySchema.optional(),
  /** SRI of each style sheet the manifest lists (the release tool records them); optional for older tools. */
  styleIntegrity: styleIntegritySchema.optional(),
  /** Initial JS and CSS of the build, bytes gzip (its build-info.json `weight`). */
  weight: appWeightSchema.optional(),
  notes: z.string().trim().max(500, 'Notas com no máximo 500 caracteres').default(''),
  activate: z.boolean().default(true),
});
export type PublishReleaseInput = z.input<typeof publishReleaseSchema>;

/**
 * `POST /api/developer/remotes/:remote/releases/from-manifest` (the developer dashboard's
 * "Publicar versão"): publishes, without activating, a build already uploaded to an allowed
 * release origin, given its `mf-manifest.json` URL. The service reads the build there (version,
 * build-info.json, entries, style sheets), checks it as `npm run release` does and records it.
 * `integrity`: when given, the SRI hash the build's `remoteEntry.js` must have; `acceptGrowth`:
 * publish although more than 5 % heavier than the live version (`--accept-growth`).
 */
export const publishFromManifestSchema = z.object({
  manifestUrl: z.url({ protocol: /^https?$/, error: 'Informe a URL http(s) do mf-manifest.json da versão' }),
  integrity: releaseIntegritySchema.optional(),
  notes: z.string().trim().max(500, 'Notas com no máximo 500 caracteres').default(''),
  acceptGrowth: z.boolean().default(false),
});
export type PublishFromManifestInput = z.input<typeof publishFromManifestSchema>;

/**
 * The dashboard's "Publicar versão" form as typed: the fields of {@link publishFromManifestSchema},
 * the optional hash as a text field (empty: not given).
 */
export const publishFromManifestFormSchema = z.object({
  manifestUrl: z.string().trim().pipe(publishFromManifestSchema.shape.manifestUrl),
  integrity: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(releaseIntegritySchema.optional()),
  notes: publishFromManifestSchema.shape.notes,
  acceptGrowth: z.boolean(),
});

/** `POST /api/developer/remotes/:remote/activate`. */
export const activateReleaseSchema = z.object({ version: releaseVersionSchema });

/** `POST /api/developer/remotes/:remote/rollback`: the given version, else the one active before the current. */
export const rollbackReleaseSchema = z.object({ version: releaseVersionSchema.optional() });

/** `POST /api/developer/remotes/:remote/canary`: `percent` % of clients get `version` (sticky per client). */
export const startCanarySchema = z.object({
  version: releaseVersionSchema,
  percent: z.number({ error: 'Informe a porcentagem' }).int('Porcentagem inteira').min(1, 'Porcentagem entre 1 e 99').max(99, 'Porcentagem entre 1 e 99'),
});

/** A running canary. */
export const remoteCanarySchema = z.object({
  version: z.string(),
  percent: z.number().int(),
  startedAt: z.iso.datetime({ offset: true }),
  startedBy: z.string(),
});
export type RemoteCanaryDto = z.infer<typeof remoteCanarySchema>;

/** One published version of a remote. */
export const remoteReleaseSchema = z.object({
  remote: remoteNameSchema,
  version: z.string(),
  manifestUrl: z.string(),
  integrity: z.string(),
  /** SRI of its Node build; null: no server build (rendered in the browser) or recorded before server builds. */
  serverIntegrity: z.string().nullable(),
  /** SRI of each of its style sheets, by manifest name; null: recorded before style sheets were hashed. */
  styleIntegrity: z.record(z.string(), z.string()).nullable(),
  /** Initial JS and CSS, bytes gzip; null when not recorded. */
  weight: appWeightSchema.nullable(),
  publishedAt: z.iso.datetime({ offset: true }),
  /** E-mail of the developer who published it, or `cli:<os user>` for the command run against the database. */
  publishedBy: z.string(),
  notes: z.string(),
  active: z.boolean(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/** One activation (history, newest first). */
export const remoteActivationSchema = z.object({
  /** null: the remote went back to its bootstrap registry entry (file/env). */
  version: z.string().nullable(),
  action: z.enum(['publish', 'activate', 'rollback']),
  activatedAt: z.iso.datetime({ offset: true }),
  activatedBy: z.string(),
});
export type RemoteActivation = z.infer<typeof remoteActivationSchema>;

/** `GET /api/developer/remotes/:remote/releases`: versions newest first, the active one, the history and what the registry serves now. */
export const remoteReleaseListSchema = z.object({
  remote: remoteNameSchema,
  /** Active version, or null while the bootstrap registry serves the remote. */
  active: z.string().nullable(),
  /** The registry entry `GET /api/remotes` serves for this remote now (clients outside a canary). */
  current: remoteEntrySchema,
  /** The running canary, if any. */
  canary: remoteCanarySchema.nullable(),
  releases: z.array(remoteReleaseSchema),
  history: z.array(remoteActivationSchema),
});
export type RemoteReleaseList = z.infer<typeof remoteReleaseListSchema>;

/**
 * `GET /api/remotes?client=<id>&preview=<remote>@<version>`: the optional client id (first-party
 * cookie `prata_client`) for sticky canaries, and a staff preview of one published version (honoured
 * only for a signed-in admin or developer; ignored otherwise).
 */
export const remoteRegistryQuerySchema = z.object({
  client: z.string().regex(CLIENT_ID_PATTERN, 'Identificador de cliente inválido').optional(),
  preview: z
    .string()
    .regex(/^(storefront|checkout|admin|devtools)@[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/, 'Pré-visualização inválida: use <remote>@<versão>')
    .optional(),
});

/**
 * Response header of `GET /api/remotes` asked without a client id: the remotes running a canary,
 * comma-separated (empty when none). The shell's host reads it to know whether every shopper
 * gets the same registry (one cached document per page) or each needs the registry of their
 * own client id (a canary bucket).
 */
export const REGISTRY_CANARIES_HEADER = 'prata-canaries';

/** A staff preview: one remote at one published version, in one browser only. */
export const remotePreviewSchema = z.object({ remote: remoteNameSchema, version: releaseVersionSchema });
export type RemotePreview = z.infer<typeof remotePreviewSchema>;

/** localStorage key of the staff preview (written by the devtools card, read by the shell). */
export const REMOTE_PREVIEW_STORAGE_KEY = 'prata:remote-preview';

/**
 * What a build's `build-info.json` says about itself (the composition map): its version,
 * the RemoteModule contract major, `shared` (each federation singleton -> the range a remote
 * requires, or the version the shell provides) and its initial weight (null when the build recorded none).
 */
export const compositionBuildInfoSchema = z.object({
  version: z.string(),
  contractVersion: z.number().int(),
  shared: z.record(z.string(), z.string()),
  weight: appWeightSchema.nullable(),
});
export type CompositionBuildInfo = z.infer<typeof compositionBuildInfoSchema>;

/**
 * Why a remote build does not fit the shell (remote-module.ts `remoteCompatibilityProblems`, pt-BR):
 * `library` is the shared singleton concerned, null for the contract major.
 */
export const compositionProblemSchema = z.object({ library: z.string().nullable(), message: z.string() });
export type CompositionProblem = z.infer<typeof compositionProblemSchema>;

/** One build of a remote in the composition: the active one or the canary's. */
export const compositionBuildSchema = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  /** Initial JS and CSS, bytes gzip: recorded with the release, else its build-info.json; null when neither. */
  weight: appWeightSchema.nullable(),
  /** Its build-info.json (next to the manifest); null when it could not be read in time or is not valid. */
  buildInfo: compositionBuildInfoSchema.nullable(),
  /** Mismatches with the shell (empty: it fits); null when either build-info.json is unknown. */
  problems: z.array(compositionProblemSchema).nullable(),
});
export type CompositionBuild = z.infer<typeof compositionBuildSchema>;

/** A remote in the composition: the build everybody gets and the running canary's (with its share of clients). */
export const compositionRemoteSchema = z.object({
  remote: remoteNameSchema,
  active: compositionBuildSchema,
  canary: compositionBuildSchema.extend({ percent: z.number().int() }).nullable(),
});
export type CompositionRemote = z.infer<typeof compositionRemoteSchema>;

/**
 * `GET /api/developer/composition`: the store as it is composed now: the shell (its
 * build-info.json at `SHELL_URL`) and each remote with its active and canary builds.
 */
export const compositionSchema = z.object({
  shell: z.object({ buildInfoUrl: z.string(), buildInfo: compositionBuildInfoSchema.nullable() }),
  remotes: z.array(compositionRemoteSchema),
});
export type Composition = z.infer<typeof compositionSchema>;
