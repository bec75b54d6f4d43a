/**
 * The package's lint boundaries, run through ESLint's Node API with the workspace's
 * own eslint.config.js: the tool reaches the service only through its package exports
 * (services/api/package.json `exports`, e.g. `@prata/api/releases`), never through its internal
 * files, and the service never imports the tool.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@prata/api/config';

const eslint = new ESLint({ cwd: REPO_ROOT });
const LINT_TIMEOUT_MS = 120_000;

/** Rule ids of the problems in `code`, linted as if it were the file `file` (path from the repository root). */
async function rulesOfText(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('lint boundaries of the release tool', () => {
  it("refuses a tool importing the service's internal files, and lets it import the service's exports", { timeout: LINT_TIMEOUT_MS }, async () => {
    const internal = "import { EventBus } from '../../../services/api/src/events/event-bus.ts';\n\nexport const bus = EventBus;\n";
    const exported = "import { openReleaseRegistry } from '@prata/api/releases';\n\nexport const open = openReleaseRegistry;\n";
    expect(await rulesOfText('tools/release/src/probe.ts', internal)).toContain('import-x/no-restricted-paths');
    expect(await rulesOfText('tools/release/src/probe.ts', exported)).toEqual([]);
  });

  it('refuses the service importing the tool', { timeout: LINT_TIMEOUT_MS }, async () => {
    const code = "import { buildRemote } from '../../../../tools/release/src/release-build.ts';\n\nexport const build = buildRemote;\n";
    expect(await rulesOfText('services/api/src/scripts/probe.ts', code)).toContain('import-x/no-restricted-paths');
  });
});
