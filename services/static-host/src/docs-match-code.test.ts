/**
 * The docs say what the code does. Each check reads the Markdown and the code it describes at
 * test time and prints what differs:
 *
 * - every repository path named in the Markdown (README.md, docs/, every folder's README) exists:
 *   a link resolves from the page it is on (and its `#anchor` to a heading of the page it points
 *   to); a path in backticks resolves from the repository root, from the page's folder, or as the
 *   tail of a path in the repository (`bootstrap/orm-config.ts`);
 * - the module list in docs/architecture.md is the folders of services/api/src/modules;
 * - the settings tables of docs/operating.md name exactly the variables the service's schema
 *   (`envSchema`) and the static host (`hostEnvSchema`, the preview's schema, `launch.ts`) read;
 * - the README's pages table gives each remote exactly the routes it declares: the registry's
 *   `DEFAULT_REMOTE_ROUTES` and its RemoteModule's `routes`, and each top-level route of its
 *   `app.tsx` lies within them; "on the server" exactly for the remotes that render there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../api/src/config-env.ts';
import { DEFAULT_REMOTE_ROUTES } from '../../api/src/modules/platform/remote-registry.ts';
import { hostEnvSchema } from './host-settings.ts';
import { REPO_ROOT } from './preview-topology.ts';

/** Folders never walked: the git-ignored ones (dependencies, builds, runtime data, test output) and git's own. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.data', '.nx', '.tools', '.spike', 'dist', 'dist-dev', 'test-results', 'playwright-report', 'coverage']);

/** Paths in backticks that name no file of the repository on purpose. Kept small; a path here is never checked. */
const NOT_REPOSITORY_PATHS = new Set([
  // build outputs (under an app's dist/, never committed)
  'mf-manifest.json',
  'remoteEntry.js',
  'server/remoteEntry.js',
  'build-info.json',
  // the types a remote's build publishes (its types zip)
  'App.d.ts',
  // a former path, named by an ADR's context
  'services/api/src/scripts/release-cli.ts',
]);

/** Paths outside the repository: the team's shared folder beside it (specs, reviews, notes). */
const OUTSIDE_PREFIXES = ['shared/', '../shared/'];

/** Variables the settings tables name that neither the service nor the static host reads, and the file that does. */
const READ_ELSEWHERE: Readonly<Record<string, string>> = {
  TEST_DATABASE_URL: 'services/api/test/global-setup.ts',
  CHROMIUM_PATH: 'playwright.config.ts',
};

/** Variables the static host reads that are not its settings. */
const NOT_SETTINGS = new Set(['PATH']);

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Every file and folder of the repository (posix paths from its root, folders with no trailing slash), and the folders' names. */
function repositoryEntries(): { entries: Set<string>; folderNames: Set<string> } {
  const entries = new Set<string>();
  const folderNames = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      entries.add(relative);
      if (entry.isDirectory()) {
        folderNames.add(entry.name);
        walk(relative);
      }
    }
  };
  walk('');
  return { entries, folderNames };
}

const { entries: ENTRIES, folderNames: FOLDER_NAMES } = repositoryEntries();
/** Every tail of every entry at a folder boundary (`a/b/c.ts` gives `c.ts`, `b/c.ts`, `a/b/c.ts`). */
const TAILS = new Set([...ENTRIES].flatMap((entry) => entry.split('/').map((_, index, parts) => parts.slice(index).join('/'))));

/** The Markdown the check reads: the root README, docs/, and every folder's README. */
const MARKDOWN = [...ENTRIES].filter((entry) => entry === 'README.md' || (entry.startsWith('docs/') && entry.endsWith('.md')) || entry.endsWith('/README.md')).sort();

/** The Markdown's text without its fenced code blocks (indented ones, inside a list, too). */
const prose = (text: string) => text.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '');

const FILE_EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|sql|conf|template|css|html|svg|sh)$/;
const MIME_TYPE = /^(text|application|image|font|audio|video|multipart)\//;

/**
 * The word of inline code `token` that names a repository path, or undefined when it does not
 * look like one: a path has a file extension or starts with the name of a folder of the
 * repository. Not paths: URL paths (`/api/orders`), package specifiers (`@prata/api/releases`,
 * `react-dom/client`), Module Federation exposes (`./App`), MIME types, placeholders
 * (`<remote>`, `DATA_DIR/...`), globs, and anything under a folder the check does not walk
 * (`dist/`, `node_modules/`, `.data/`).
 */
function pathOf(token: string): string | undefined {
  const word = token.replace(/^[("']+|[)"',;.:]+$/g, '').replace(/#.*$/, '');
  if (!word || /[<>*{}$=|?:@\\[\]()]/.test(word) || word.startsWith('/') || word.startsWith('-') || MIME_TYPE.test(word)) return undefined;
  if (!/^(\.{1,2}\/)?[\w.-]+(\/[\w.-]+)*\/?$/.test(word) || /^\.\w+$/.test(word)) return undefined;
  const segments = word.split('/').filter((segment) => segment && segment !== '.' && segment !== '..');
  if (segments.some((segment) => SKIPPED_DIRS.has(segment)) || /^[A-Z][A-Z0-9_]*$/.test(segments[0]!)) return undefined;
  if (FILE_EXTENSIONS.test(word)) return word;
  return word.includes('/') && !word.startsWith('./') && FOLDER_NAMES.has(segments[0]!) ? word : undefined;
}

/** Whether `named` (a path in backticks on page `page`) names an entry of the repository. */
function backtickPathExists(page: string, named: string): boolean {
  if (NOT_REPOSITORY_PATHS.has(named) || OUTSIDE_PREFIXES.some((prefix) => named.startsWith(prefix))) return true;
  const bare = named.replace(/\/$/, '');
  const fromPage = path.posix.normalize(path.posix.join(path.posix.dirname(page), bare));
  const fromRoot = path.posix.normalize(bare);
  return ENTRIES.has(fromRoot) || ENTRIES.has(fromPage) || (!bare.startsWith('.') && TAILS.has(bare));
}

/** The anchors of the headings of Markdown page `page`, as GitHub makes them (`## The service` gives `the-service`). */
function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of prose(read(page)).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let unique = slug;
    for (let index = 1; anchors.has(unique); index += 1) unique = `${slug}-${index}`;
    anchors.add(unique);
  }
  return anchors;
}

/** The repository paths page `page` names that do not exist (and links to headings it does not have), as `page: path`. */
function missingPaths(page: string): string[] {
  const text = prose(read(page));
  const missing: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:)/.test(target!)) continue;
    const [file = '', anchor] = target!.split('#');
    const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)).replace(/\/$/, '') : page;
    if (!ENTRIES.has(resolved)) missing.push(`${page}: link ${target}`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) missing.push(`${page}: link ${target} (no such heading)`);
  }
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const token of code!.split(/\s+/)) {
      const named = pathOf(token);
      if (named && !backtickPathExists(page, named)) missing.push(`${page}: \`${named}\``);
    }
  }
  return missing;
}

/** The lines of the Markdown section headed exactly `heading` (any level), up to the next heading of that level or higher. */
function section(text: string, heading: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = lines[start]!.match(/^#+/)![0].length;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The cells of each body row of the Markdown tables in `text` (header and rule rows left out). */
function tableRows(text: string): string[][] {
  const rows = text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    // A cell may hold an escaped bar (`\|`): split on the others only.
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.replace(/\\\|/g, '|').trim()),
    );
  return rows.filter((cells, index) => !cells.every((cell) => /^-+$/.test(cell)) && !(rows[index + 1]?.every((cell) => /^-+$/.test(cell)) ?? false));
}

/** What `actual` has that `expected` lacks and the other way round, for a readable failure. */
function difference(expected: Iterable<string>, actual: Iterable<string>): { missing: string[]; extra: string[] } {
  const want = new Set(expected);
  const have = new Set(actual);
  return { missing: [...want].filter((item) => !have.has(item)).sort(), extra: [...have].filter((item) => !want.has(item)).sort() };
}

describe('paths named in the Markdown', () => {
  it('reads the root README, docs/ and every folder README', () => {
    expect(MARKDOWN).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/how-to.md', 'services/api/README.md', 'mf-checkout/README.md']));
  });

  it('exist', () => {
    expect(MARKDOWN.flatMap(missingPaths)).toEqual([]);
  });

  it('notices a path or a heading that does not exist', () => {
    expect(pathOf('`mf-checkout/src/api/check-coupon.ts`'.slice(1, -1))).toBe('mf-checkout/src/api/check-coupon.ts');
    expect(backtickPathExists('mf-checkout/README.md', 'api/check-coupon.ts')).toBe(false);
    expect(backtickPathExists('mf-checkout/README.md', 'src/lib/coupon-check.ts')).toBe(true);
    expect(backtickPathExists('docs/architecture.md', 'bootstrap/orm-config.ts')).toBe(true);
    expect(anchorsOf('docs/architecture.md')).toContain('the-service');
    expect(anchorsOf('docs/operating.md')).toContain('settings-environment-variables');
    expect(pathOf('GET /api/orders')).toBeUndefined();
    expect(pathOf('application/json')).toBeUndefined();
  });
});

describe('the module list of docs/architecture.md', () => {
  it('names the folders of services/api/src/modules', () => {
    const paragraph = section(read('docs/architecture.md'), 'The service')
      .split(/\n\s*\n/)
      .find((block) => block.startsWith('The modules:'));
    expect(paragraph, 'docs/architecture.md, section "The service": a paragraph starting "The modules:"').toBeDefined();
    const documented = [...paragraph!.matchAll(/^- `([\w-]+)`/gm)].map((match) => match[1]!);
    const folders = readdirSync(path.join(REPO_ROOT, 'services/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const { missing, extra } = difference(folders, documented);
    expect({ undocumented: missing, noSuchFolder: extra }).toEqual({ undocumented: [], noSuchFolder: [] });
  });
});

/**
 * The variables docs/operating.md documents: in the tables of its section "Settings (environment
 * variables)", the backticked names of the first column (`NAME` or `NAME=value`); in the table of
 * "Ports", those of the last column.
 */
function documentedVariables(): Set<string> {
  const text = read('docs/operating.md');
  const names = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([A-Z][A-Z0-9_]*)(=[^`]*)?`/g)].map((match) => match[1]!);
  return new Set([
    ...tableRows(section(text, 'Ports')).flatMap((cells) => names(cells.at(-1))),
    ...tableRows(section(text, 'Settings (environment variables)')).flatMap(([first]) => names(first)),
  ]);
}

/** The variables the static host's code reads: `env.NAME`, `env['NAME']`, `positiveInt('NAME', ...)` and `NAME: z....` schema keys. */
function staticHostVariables(): Set<string> {
  const dir = path.join(REPO_ROOT, 'services/static-host/src');
  const names = new Set(Object.keys(hostEnvSchema.shape));
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const pattern of [/\benv\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g, /\bpositiveInt\('([A-Z][A-Z0-9_]*)'/g, /^\s+([A-Z][A-Z0-9_]*): z\./gm]) {
      for (const match of text.matchAll(pattern)) names.add(match[1]!);
    }
  }
  for (const name of NOT_SETTINGS) names.delete(name);
  return names;
}

describe('the settings tables of docs/operating.md', () => {
  const documented = documentedVariables();
  const readByCode = new Set([...Object.keys(envSchema.shape), ...staticHostVariables()]);

  it('name every variable the service and the static host read, and only those', () => {
    const { missing, extra } = difference(readByCode, documented);
    expect({ undocumented: missing, readByNothing: extra.filter((name) => !(name in READ_ELSEWHERE)) }).toEqual({ undocumented: [], readByNothing: [] });
  });

  it('name the variables read elsewhere where they are read', () => {
    for (const [name, file] of Object.entries(READ_ELSEWHERE)) {
      expect(documented.has(name), `${name} in docs/operating.md`).toBe(true);
      expect(readFileSync(path.join(REPO_ROOT, file), 'utf8'), `${file} reads ${name}`).toContain(name);
    }
  });

  it('read the static host code', () => {
    expect([...staticHostVariables()]).toEqual(expect.arrayContaining(['STOREFRONT_PORT', 'PREVIEW_PORT_BASE', 'NGINX_BIN', 'INTERNAL_ORIGINS']));
  });
});

/** Whether route pattern `pattern` (`/a/*`, `/a/:id`) matches path `route` (itself a pattern, `:x` matching any segment). */
function covers(pattern: string, route: string): boolean {
  if (pattern === route) return true;
  const want = pattern.split('/');
  const have = route.split('/');
  for (let index = 0; index < want.length; index += 1) {
    if (want[index] === '*') return true;
    if (index >= have.length) return false;
    if (want[index] !== have[index] && !want[index]!.startsWith(':') && !have[index]!.startsWith(':')) return false;
  }
  return want.length === have.length;
}

describe("the README's pages table", () => {
  const rows = tableRows(section(read('README.md'), 'Pages: server-rendered or client-rendered')).map(([pages = '', remote = '', rendered = '']) => ({
    remote: remote.replace(/^mf-/, ''),
    pages: [...pages.matchAll(/`(\/[^`]*)`/g)].map((match) => match[1]!),
    onServer: rendered.startsWith('on the server'),
  }));

  it('has one row per remote', () => {
    expect(rows.map((row) => row.remote).sort()).toEqual(Object.keys(DEFAULT_REMOTE_ROUTES).sort());
  });

  for (const [remote, registryRoutes] of Object.entries(DEFAULT_REMOTE_ROUTES)) {
    it(`gives mf-${remote} the routes it declares, rendered where it renders them`, () => {
      const row = rows.find((candidate) => candidate.remote === remote);
      const moduleText = read(`mf-${remote}/src/app/remote-module.ts`);
      const moduleRoutes = [...moduleText.matchAll(/path: '([^']+)'/g)].map((match) => match[1]!).filter((route) => route !== '/*');
      const declared = new Set([...registryRoutes, ...moduleRoutes]);
      const appRoutes = [...read(`mf-${remote}/src/app/app.tsx`).matchAll(/<Route path="(\/[^"]*)"/g)].map((match) => match[1]!);
      const listed = row?.pages ?? [];
      expect({
        ...difference(declared, listed),
        appRoutesOutsideTheTable: appRoutes.filter((route) => !listed.some((page) => covers(page, route))),
        onServer: row?.onServer,
      }).toEqual({ missing: [], extra: [], appRoutesOutsideTheTable: [], onServer: moduleText.includes("render: 'server'") });
    });
  }
});
