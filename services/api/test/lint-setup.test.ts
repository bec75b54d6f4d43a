/**
 * The lint setup catches what it promises, run through ESLint's Node API with the
 * workspace's own eslint.config.js:
 * - `import-x/no-cycle` fails a deliberate cycle between two .ts files (fixtures/lint-cycle,
 *   ignored by the normal lint run) and passes the files whose cycle was broken;
 * - `import-x/no-restricted-paths` keeps the service's floors: infrastructure never imports a
 *   domain module, and a domain module reaches another only through its index.ts.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

// `ignore: false`: the fixture folder is in the config's ignores so that `npm run lint` stays green.
const eslint = new ESLint({ cwd: REPO_ROOT, ignore: false });
const SRC = path.join(REPO_ROOT, 'services/api/src');
const LINT_TIMEOUT_MS = 120_000;

/** Rule ids of the problems in `files` (paths from the repository root). */
async function rulesOfFiles(...files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files.map((file) => path.join(REPO_ROOT, file)));
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

/** Rule ids of the problems in `code`, linted as if it were the file `file` under services/api/src. */
async function rulesOfText(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

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
});
