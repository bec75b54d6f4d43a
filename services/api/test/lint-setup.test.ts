/**
 * The lint setup catches what it promises, run through ESLint's Node API with the
 * workspace's own eslint.config.js:
 * - `import-x/no-cycle` fails a deliberate cycle between two .ts files (fixtures/lint-cycle,
 *   ignored by the normal lint run) and passes the files whose cycle was broken;
 * - `import-x/no-restricted-paths` keeps the service's floors: infrastructure never imports a
 *   domain module, and a domain module reaches another only through its index.ts;
 * - `max-lines` fails a source file over 400 lines in any package, and lets tests, specs, test
 *   folders, migrations and generated files be longer.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

// `ignore: false`: the fixture folder is in the config's ignores so that `npm run lint` stays green.
const eslint = new ESLint({ cwd: REPO_ROOT, ignore: false });
const LINT_TIMEOUT_MS = 120_000;

/** Rule ids of the problems in `files` (paths from the repository root). */
async function rulesOfFiles(...files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files.map((file) => path.join(REPO_ROOT, file)));
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

/** Rule ids of the problems in `code`, linted as if it were the file `file` under services/api/src. */
async function rulesOfText(file: string, code: string): Promise<string[]> {
  return rulesOfRepoText(path.join('services/api/src', file), code);
}

/** Rule ids of the problems in `code`, linted as if it were the file `file` (path from the repository root). */
async function rulesOfRepoText(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

/** A module of `count` lines (one export each), ending with a newline: `count` lines for `wc -l` and for `max-lines`. */
const moduleOfLines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i + 1} = ${i + 1};\n`).join('');

describe('lint setup', () => {
  it('fails an import cycle between .ts files', { timeout: LINT_TIMEOUT_MS }, async () => {
    const rules = await rulesOfFiles('services/api/test/fixtures/lint-cycle/cycle-a.ts', 'services/api/test/fixtures/lint-cycle/cycle-b.ts');
    expect(rules.filter((rule) => rule === 'import-x/no-cycle')).toHaveLength(2);
  });

  it('passes the identity files whose cycle was broken', { timeout: LINT_TIMEOUT_MS }, async () => {
    const rules = await rulesOfFiles('services/api/src/modules/identity/credentials.ts', 'services/api/src/modules/identity/two-factor.service.ts');
    expect(rules).toEqual([]);
  });

  it('refuses infrastructure that imports a domain module', { timeout: LINT_TIMEOUT_MS }, async () => {
    const code = "import { Product } from '../modules/catalogue/index.ts';\n\nexport const entity = Product;\n";
    expect(await rulesOfText('events/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it("lets a domain module import another's index.ts only", { timeout: LINT_TIMEOUT_MS }, async () => {
    const deep = "import { Product } from '../catalogue/product.entity.ts';\n\nexport const entity = Product;\n";
    const face = "import { Product } from '../catalogue/index.ts';\n\nexport const entity = Product;\n";
    expect(await rulesOfText('modules/orders/probe.ts', deep)).toContain('import-x/no-restricted-paths');
    expect(await rulesOfText('modules/orders/probe.ts', face)).toEqual([]);
  });

  it('fails a source file over 400 lines in every kind of package, and passes one of 400', { timeout: LINT_TIMEOUT_MS }, async () => {
    const sources = ['services/api/src/lib/probe.ts', 'services/contracts/src/probe.ts', 'mf-checkout/src/features/checkout/components/probe.tsx', 'shared-ui/build/probe.ts', 'tools/release/src/probe.ts', 'e2e/support/probe.ts', 'scripts/probe.mjs'];
    for (const file of sources) expect(await rulesOfRepoText(file, moduleOfLines(401)), file).toEqual(['max-lines']);
    expect(await rulesOfText('lib/probe.ts', moduleOfLines(400))).toEqual([]);
  });

  it('lets tests, specs, test folders, migrations and generated files run over 400 lines', { timeout: LINT_TIMEOUT_MS }, async () => {
    const exempt = [
      'services/api/src/lib/probe.test.ts',
      'mf-checkout/src/features/checkout/components/probe.test.tsx',
      'e2e/probe.spec.ts',
      'services/api/test/probe.ts',
      'services/api/src/database/migrations/Migration20990101000000_probe.ts',
      'shared-ui/src/generated/probe.ts',
      'mf-storefront/src/app/probe.gen.ts',
    ];
    for (const file of exempt) expect(await rulesOfRepoText(file, moduleOfLines(401)), file).toEqual([]);
  });
});
