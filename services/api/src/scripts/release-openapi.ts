/**
 * `npm run openapi:release`: accepts the current API document (docs/api/openapi.json) as the one
 * last released (docs/api/released/openapi.json), the baseline of the breaking-change check
 * (test/openapi-compat.test.ts, openapi-compat.ts). Run it once the remotes built against the
 * current document are released and no live remote version calls what it removes or changes
 * (docs/releasing.md), then commit docs/api/released/openapi.json.
 *
 * It prints the breaking differences it accepts (none when only additions were made) and copies
 * the file byte for byte. Run `npm run openapi` first when a route changed: this command reads the
 * committed document, it does not build the service.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { reportCliError } from './cli-error.ts';
import { compareApiDocuments, CURRENT_OPENAPI_FILE, describeDifference, readOpenApiDocument, RELEASED_OPENAPI_FILE } from './openapi-compat.ts';

const relative = (file: string) => path.relative(REPO_ROOT, file);

try {
  const current = await readOpenApiDocument(CURRENT_OPENAPI_FILE);
  const released = await readOpenApiDocument(RELEASED_OPENAPI_FILE).catch(() => undefined);
  if (released) {
    const report = await compareApiDocuments(released, current);
    console.log(`${report.changedOperations.length} operation(s) changed since the release; ${report.breaking.length} breaking difference(s) accepted${report.breaking.length > 0 ? ':' : '.'}`);
    for (const difference of report.breaking) console.log(`  - ${describeDifference(difference)}`);
  }
  await mkdir(path.dirname(RELEASED_OPENAPI_FILE), { recursive: true });
  await copyFile(CURRENT_OPENAPI_FILE, RELEASED_OPENAPI_FILE);
  console.log(`wrote ${relative(RELEASED_OPENAPI_FILE)} (a copy of ${relative(CURRENT_OPENAPI_FILE)}): commit it`);
} catch (error) {
  reportCliError(error);
}
