/**
 * Releasing one remote while the store runs: `npm run release -- storefront` with a
 * changed headline in the working tree -> an open tab is told and offers a reload, which shows
 * the new text (the shell's build is untouched, the checkout still works); `npm run rollback -- storefront` -> the tab is
 * told again and its next in-app navigation loads the document anew, with the old text. The
 * released version's registry entry carries the hashes of its Node build and of its style sheets,
 * and the host's document inlines the new version's sheets (checked against them).
 * A storefront built with a changed contract module (a category's label) and released alone
 * renders that label on the server and in the browser with its own copy of the module, while the
 * modules it shares unchanged come from the shell. One version per page view: 40 fresh browsers
 * during a 50 % canary of a visibly different storefront, then 10 more while the canary is promoted,
 * each hydrating the heading the host rendered, from that version's files, without a hydration
 * error. A developer previews a published version in their own browser (shoppers keep the live one), then
 * runs a canary of it, activates and reverts it from the devtools Deployments card, each after a
 * confirmation (the composition map shows the canary's build), which shows each
 * version's initial weight (creates one developer, whose admin slot is freed after). A developer
 * publishes a real storefront build, uploaded to the release origin but not registered, from the
 * card's "Publicar versão" by its manifest URL: a URL off the allowed origins is refused with the
 * reason, the build's is listed with the hashes of its files and not active. Byte budgets: the
 * command refuses a build over its budget (the storefront's package.json budget lowered) and one
 * more than 5 % heavier than the live version (incompressible bytes added to its ./App) unless
 * `--accept-growth`, printing the figures and publishing nothing. The commands run as a developer would run them, against the running store's database (the
 * e2e store's embedded PostgreSQL under its DATA_DIR) and its deploy directory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDeveloper, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { hostFollowsRegistry } from './support/registry.ts';
import { backToBootstrap, cleanUpAfterFailure, HERO, NEW_TEXT, OLD_TEXT, releaseCommand, rememberSources, run } from './support/releases.ts';
import { signInAsDeveloper } from './support/ui.ts';

test.beforeAll(rememberSources);
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from its first parameter's pattern: none here
test.afterEach(async ({}, testInfo) => cleanUpAfterFailure(testInfo));

test('a remote is released and rolled back while the store runs', async ({ page }) => {
  test.setTimeout(120_000);
  const original = await readFile(HERO, 'utf8');
  expect(original).toContain(OLD_TEXT);
  const shellHtml = await readFile('shell/dist/index.html', 'utf8');
  try {
    const oldVersion = await releaseCommand('release', 'storefront', '--notes', 'versão atual');
    // An open tab on the current version.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
    await writeFile(HERO, original.replace(OLD_TEXT, NEW_TEXT));
    const newVersion = await releaseCommand('release', 'storefront', '--notes', 'novo título');
    expect(newVersion).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(newVersion).not.toBe(oldVersion);

    const registry = (await (await fetch(`${E2E.apiUrl}/api/remotes`)).json()) as { name: string; version: string; manifestUrl: string; styleIntegrity?: Record<string, string> }[];
    // Both builds were published; the entry carries the hash of the Node build, and the
    // shell's host, which runs that build only when its bytes match, server-renders the new text.
    const serverEntry = await readFile(path.join(process.env.PRATA_E2E_DATA_DIR!, 'deploy', 'storefront', newVersion, 'server', 'remoteEntry.js'));
    expect(registry.find((entry) => entry.name === 'storefront')).toMatchObject({
      version: newVersion,
      manifestUrl: `http://127.0.0.1:${E2E.ports.storefront}/releases/${newVersion}/mf-manifest.json`,
      serverIntegrity: `sha384-${createHash('sha384').update(serverEntry).digest('base64')}`,
    });
    const storeHtml = await (await fetch(`${E2E.storeUrl}/`, { headers: { accept: 'text/html' } })).text();
    expect(storeHtml).toContain(NEW_TEXT);
    // The entry carries the hash of each style sheet the release's manifest lists (of the files
    // published), and the host inlines the new version's sheets only against them.
    const releaseDir = path.join(process.env.PRATA_E2E_DATA_DIR!, 'deploy', 'storefront', newVersion);
    const styleIntegrity = registry.find((entry) => entry.name === 'storefront')!.styleIntegrity ?? {};
    expect(Object.keys(styleIntegrity).length).toBeGreaterThan(0);
    for (const [name, hash] of Object.entries(styleIntegrity)) expect(hash, name).toBe(`sha384-${createHash('sha384').update(await readFile(path.join(releaseDir, name))).digest('base64')}`);
    expect(storeHtml).toContain(`<style data-href="http://127.0.0.1:${E2E.ports.storefront}/releases/${newVersion}/`);
    // The open tab is told over the realtime channel and offers a reload.
    await expect(page.getByText('Uma nova versão da loja está disponível')).toBeVisible();
    await page.getByRole('button', { name: 'Recarregar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: NEW_TEXT })).toBeVisible();
    await page.goto('/carrinho');
    await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();

    const listing = await releaseCommand('releases', 'storefront');
    expect(listing).toContain(`* ${newVersion}`);
    expect(listing).toContain(`  ${oldVersion}`);

    expect(await releaseCommand('rollback', 'storefront')).toBe(oldVersion);
    // The open tab is told again, and its next in-app navigation loads the document anew.
    await expect(page.getByText('Uma nova versão da loja está disponível')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { prataBeforeNavigation: true }));
    await page.getByRole('link', { name: 'Prata 925, página inicial' }).click();
    await expect(page.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
    expect(await page.evaluate(() => 'prataBeforeNavigation' in window)).toBe(false);
    // The shell was neither rebuilt nor restarted.
    expect(await readFile('shell/dist/index.html', 'utf8')).toBe(shellHtml);
  } finally {
    await writeFile(HERO, original);
    await backToBootstrap();
  }
});

test("a storefront released alone with a changed contract module renders with the copy it was built with; the modules it shares unchanged still load once, from the shell", async ({ page }) => {
  test.setTimeout(120_000);
  const contract = path.resolve('services/contracts/src/catalogue.ts');
  const original = await readFile(contract, 'utf8');
  expect(original).toContain("aneis: 'Anéis',");
  const shellInfo = JSON.parse(await readFile('shell/dist/build-info.json', 'utf8')) as { contracts: Record<string, string> };
  const shellHtml = await readFile('shell/dist/index.html', 'utf8');
  try {
    // A contract change the shell does not have: the label of a category.
    await writeFile(contract, original.replace("aneis: 'Anéis',", "aneis: 'Anéis de prata',"));
    const version = await releaseCommand('release', 'storefront', '--notes', 'rótulo de categoria no contrato');
    const releaseDir = path.join(process.env.PRATA_E2E_DATA_DIR!, 'deploy', 'storefront', version);
    const built = JSON.parse(await readFile(path.join(releaseDir, 'build-info.json'), 'utf8')) as { contracts: Record<string, string> };
    expect(built.contracts['@prata/contracts/catalogue']).not.toBe(shellInfo.contracts['@prata/contracts/catalogue']);
    expect(built.contracts['@prata/contracts/money']).toBe(shellInfo.contracts['@prata/contracts/money']);

    // Server-rendered: the host ran the storefront's Node build with its own copy of the module.
    const html = await (await fetch(`${E2E.storeUrl}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Anéis de prata');
    // In the browser: the same text after hydration, without a mismatch; the catalogue module's
    // copy came with the release, no other contract module did (the shell's are shared).
    const manifest = JSON.parse(await readFile(path.join(releaseDir, 'mf-manifest.json'), 'utf8')) as { shared: { name: string; assets: { js: { sync: string[] } } }[] };
    const ownCopies = (name: string) => manifest.shared.find((entry) => entry.name === name)!.assets.js.sync;
    const loaded: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/releases/${version}/`)) loaded.push(request.url().split('/').pop()!);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Anéis de prata/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors.filter((text) => /hydrat|#418|#423/i.test(text))).toEqual([]);
    const catalogueOnly = new Set(ownCopies('@prata/contracts/catalogue'));
    expect(loaded.filter((file) => catalogueOnly.has(file)).length).toBeGreaterThan(0);
    expect(loaded.filter((file) => ownCopies('@prata/contracts/money').includes(file) && !catalogueOnly.has(file))).toEqual([]);
    // The shell was neither rebuilt nor restarted.
    expect(await readFile('shell/dist/index.html', 'utf8')).toBe(shellHtml);
  } finally {
    await writeFile(contract, original);
    await backToBootstrap();
  }
});

test('one version per page view: during a 50 % canary and across its promotion mid-stream, each page hydrates the version the host rendered', async ({ browser }) => {
  // 50 fresh browsers and a build: 1.4 min on an idle 2-core machine, more than twice that on a loaded one.
  test.setTimeout(360_000);
  const original = await readFile(HERO, 'utf8');
  /** One fresh browser's page view of `/`: the heading the host rendered, the one hydrated, whether the canary's files loaded, and hydration errors. */
  const view = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    let fromRelease = false;
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
    });
    page.on('request', (request) => {
      if (/\/releases\/0\.1\.0-[0-9a-f]{8}\/.+\.js$/.test(request.url())) fromRelease = true;
    });
    const response = await page.goto('/');
    const html = (await response!.text());
    const rendered = html.includes(NEW_TEXT) ? NEW_TEXT : html.includes(OLD_TEXT) ? OLD_TEXT : 'nenhum';
    await page.waitForFunction(() => document.documentElement.dataset.interactive !== undefined);
    const hydrated = (await page.getByRole('heading', { level: 1 }).first().textContent())!.trim();
    await context.close();
    return { rendered, hydrated, fromRelease, errors };
  };
  try {
    await writeFile(HERO, original.replace(OLD_TEXT, NEW_TEXT));
    const canary = await releaseCommand('release', 'storefront', '--canary', '50', '--notes', 'canário do título');
    const views = [];
    for (let i = 0; i < 40; i += 1) views.push(await view());
    // Each page: the heading the host rendered is the one the browser hydrated, from the files of that version.
    for (const one of views) {
      expect(one.errors).toEqual([]);
      expect(one.hydrated).toBe(one.rendered);
      expect(one.fromRelease).toBe(one.rendered === NEW_TEXT);
    }
    const onCanary = views.filter((one) => one.rendered === NEW_TEXT).length;
    // 40 fresh clients at 50 %: both versions served (binomial: fewer than 8 on one side is under 1 in 10^4).
    expect(onCanary).toBeGreaterThanOrEqual(8);
    expect(onCanary).toBeLessThanOrEqual(32);

    // The promotion lands while pages are being served: every page is still one version.
    const streaming = Promise.all(Array.from({ length: 10 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 150));
      return view();
    }));
    expect(await releaseCommand('release', 'storefront', '--promote')).toBe(canary);
    const during = await streaming;
    for (const one of during) {
      expect(one.errors).toEqual([]);
      expect(one.hydrated).toBe(one.rendered);
      expect(one.fromRelease).toBe(one.rendered === NEW_TEXT);
    }
    const after = await view();
    expect(after).toEqual({ rendered: NEW_TEXT, hydrated: NEW_TEXT, fromRelease: true, errors: [] });
  } finally {
    await writeFile(HERO, original);
    await backToBootstrap();
  }
});

/** Runs a release command that must fail with exit code 1; returns its stderr. */
async function refusedCommand(...args: string[]): Promise<string> {
  const error = await releaseCommand('release', ...args).then(
    (stdout) => new Error(`the command succeeded: ${stdout}`),
    (failure: unknown) => failure as { code?: number; stderr?: string },
  );
  expect(error).toMatchObject({ code: 1 });
  return (error as { stderr: string }).stderr;
}

test('release refuses a build over its byte budget, and one more than 5 % heavier than the live version unless the growth is accepted', async () => {
  test.setTimeout(180_000);
  const packageFile = path.resolve('mf-storefront/package.json');
  const moduleFile = path.resolve('mf-storefront/src/app/remote-module.ts');
  const [packageJson, remoteModule] = await Promise.all([readFile(packageFile, 'utf8'), readFile(moduleFile, 'utf8')]);
  const listing = await releaseCommand('releases', 'storefront');
  try {
    const manifest = JSON.parse(packageJson) as { prata: { budget: { js: number; css: number } } };
    await writeFile(packageFile, `${JSON.stringify({ ...manifest, prata: { budget: { ...manifest.prata.budget, js: 1000 } } }, null, 2)}\n`);
    const overBudget = await refusedCommand('storefront');
    expect(overBudget).toMatch(/storefront 0\.1\.0-[0-9a-f]{8} não foi publicada: acima do orçamento de bytes \(mf-storefront\/package\.json, prata\.budget\):\n {2}- JS inicial de [\d.]+ B gzip acima do orçamento de 1\.000 B \(\+[\d.]+ B\)/);
    // Growth alone: a budget that leaves room, and about 4 KB of gzip that cannot compress in the
    // module the shell loads first (well past 5 % of the storefront's ~30 KB).
    await writeFile(packageFile, `${JSON.stringify({ ...manifest, prata: { budget: { ...manifest.prata.budget, js: manifest.prata.budget.js * 10 } } }, null, 2)}\n`);
    await writeFile(moduleFile, `${remoteModule}\nexport const e2eGrowth = '${randomBytes(4000).toString('base64')}';\n`);
    const grown = await refusedCommand('storefront');
    expect(grown).toMatch(/storefront 0\.1\.0-[0-9a-f]{8} não foi publicada: mais de 5 % mais pesada que a versão no ar 0\.1\.0 \(http:\/\/127\.0\.0\.1:\d+\/build-info\.json\); para aceitar, repita com --accept-growth:/);
    expect(grown).toMatch(/ {2}- JS inicial de [\d.]+ B gzip, [\d,]+ % acima dos [\d.]+ B da versão no ar \(limite: 5 %\)/);
    expect(await releaseCommand('releases', 'storefront')).toBe(listing);

    const accepted = await releaseCommand('release', 'storefront', '--accept-growth', '--no-activate', '--notes', 'crescimento aceito');
    const after = await releaseCommand('releases', 'storefront');
    expect(after).toMatch(new RegExp(`  ${accepted.replaceAll('.', '\\.')} .* JS [\\d.]+ B CSS [\\d.]+ B gzip  crescimento aceito`));
    expect(after.split('\n')[0]).toBe(listing.split('\n')[0]);
  } finally {
    await writeFile(packageFile, packageJson);
    await writeFile(moduleFile, remoteModule);
  }
});

test('registry down at load: the shell composes the store from the last registry it saw', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('prata:remote-registry'))).toContain('"storefront"');

  // The service is unreachable: the shell's host has no registry to inline (as after a restart
  // with the API down), and the browser's own request is refused. The page's boot block loses its
  // registry as the parser inserts it (fulfilling the document from the test instead would make
  // Chromium treat the page as non-local and block its loopback requests).
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      const boot = document.getElementById('prata-boot');
      if (!boot?.textContent) return;
      const data = JSON.parse(boot.textContent) as { registry?: unknown };
      boot.textContent = JSON.stringify({ ...data, registry: null });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const refused: string[] = [];
  await page.route('**/api/remotes*', async (route) => {
    refused.push(route.request().url());
    await route.abort('connectionrefused');
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
  await page.goto('/carrinho');
  await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
  expect(await page.locator('#prata-boot').textContent()).toContain('"registry":null');
  expect(refused.length).toBeGreaterThan(0);
});

test('a developer previews a version in their own browser, then runs a canary, activates and reverts it from the Deployments card', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const developer = { email: uniqueEmail('dev.releases'), password: 'Prata-Dev-2026!', fullName: 'Rui Releases E2E' };
  const original = await readFile(HERO, 'utf8');
  const shopper = await (await browser.newContext()).newPage();
  try {
    await writeFile(HERO, original.replace(OLD_TEXT, NEW_TEXT));
    const version = await releaseCommand('release', 'storefront', '--no-activate', '--notes', 'para pré-visualizar');
    await writeFile(HERO, original);
    await createDeveloper(developer);

    await signInAsDeveloper(page, developer.email, developer.password);
    const row = () => page.getByTestId('releases-storefront').getByRole('row', { name: new RegExp(version) });
    await expect(row()).toContainText('cli:');
    // Its initial weight as the release recorded it, and the live build's in the deployments table.
    await expect(row()).toContainText(/JS \d+,\d kB · CSS \d+,\d kB/);
    await expect(page.getByTestId('deployment-storefront')).toContainText(/JS \d+,\d kB · CSS \d+,\d kB/);

    // Preview: only this browser shows the version.
    await row().getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: NEW_TEXT })).toBeVisible();
    await expect(page.getByTestId('preview-banner')).toContainText(`Pré-visualização: storefront ${version}`);
    await shopper.goto('/');
    await expect(shopper.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
    await page.getByRole('button', { name: 'Encerrar pré-visualização' }).click();
    await expect(page.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
    await expect(page.getByTestId('preview-banner')).toHaveCount(0);

    // A canary from the card, after a confirmation; the composition map shows its build; then stopped.
    await page.goto('/developer');
    const dialog = page.getByRole('dialog');
    await row().getByRole('button', { name: 'Canário' }).click();
    await expect(dialog).toContainText(`Iniciar um canário de ${version} em storefront?`);
    await dialog.getByLabel('Porcentagem de clientes').fill('50');
    await dialog.getByRole('button', { name: 'Iniciar canário' }).click();
    await expect(row()).toContainText('canário 50%');
    await expect(page.getByTestId('composition')).toContainText('storefront · canário 50%');
    await row().getByRole('button', { name: 'Parar canário' }).click();
    await dialog.getByRole('button', { name: 'Parar canário' }).click();
    await expect(row()).not.toContainText('canário 50%');

    // Activate for everybody, then revert, from the card, each after a confirmation.
    await row().getByRole('button', { name: 'Ativar' }).click();
    await expect(dialog).toContainText(`Ativar a versão ${version} de storefront?`);
    await dialog.getByRole('button', { name: 'Ativar' }).click();
    await expect(row()).toContainText('ativa');
    await hostFollowsRegistry();
    await shopper.reload();
    await expect(shopper.getByRole('heading', { level: 1, name: NEW_TEXT })).toBeVisible();
    await page.getByTestId('releases-storefront').getByRole('button', { name: 'Reverter' }).click();
    await dialog.getByRole('button', { name: 'Reverter' }).click();
    await expect(row()).not.toContainText('ativa');
    await hostFollowsRegistry();
    await shopper.reload();
    await expect(shopper.getByRole('heading', { level: 1, name: OLD_TEXT })).toBeVisible();
  } finally {
    await writeFile(HERO, original);
    await shopper.context().close();
    await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
    await backToBootstrap();
  }
});

test('a developer publishes a built version from the Deployments card by its manifest URL: listed with its hashes, not active', async ({ page }) => {
  test.setTimeout(180_000);
  const developer = { email: uniqueEmail('dev.publish'), password: 'Prata-Dev-2026!', fullName: 'Paula Publica E2E' };
  const original = await readFile(HERO, 'utf8');
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'prata-e2e-publish-'));
  try {
    // A production build of the storefront, uploaded to the release origin (the storefront's
    // static host serves DATA_DIR/deploy/storefront/ at /releases/) without registering it.
    await writeFile(HERO, original.replace(OLD_TEXT, 'Prata publicada pelo painel'));
    await run(
      [path.resolve('node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
      { ...process.env, NODE_ENV: 'production', PRATA_BUILD_OUTPUT: buildDir, PRATA_BUDGET: 'report' },
      path.resolve('mf-storefront'),
    );
    await writeFile(HERO, original);
    const { version } = JSON.parse(await readFile(path.join(buildDir, 'build-info.json'), 'utf8')) as { version: string };
    await cp(buildDir, path.join(process.env.PRATA_E2E_DATA_DIR!, 'deploy', 'storefront', version), { recursive: true, filter: (source) => !source.endsWith('.map') });
    await createDeveloper(developer);
    await signInAsDeveloper(page, developer.email, developer.password);

    const card = page.getByTestId('releases-storefront');
    await card.getByRole('button', { name: 'Publicar versão' }).click();
    const form = card.getByRole('form', { name: 'Publicar versão de storefront' });
    // Off the allowed release origins: the reason, and nothing published.
    await form.getByLabel('URL do mf-manifest.json').fill(`http://127.0.0.1:1/releases/${version}/mf-manifest.json`);
    await form.getByRole('button', { name: 'Publicar', exact: true }).click();
    await expect(form).toContainText('não está numa origem de release permitida (RELEASE_ORIGINS)');
    const manifestUrl = `http://127.0.0.1:${E2E.ports.storefront}/releases/${version}/mf-manifest.json`;
    await form.getByLabel('URL do mf-manifest.json').fill(manifestUrl);
    await form.getByLabel('Notas').fill('publicada pelo painel');
    await form.getByRole('button', { name: 'Publicar', exact: true }).click();

    const row = card.getByRole('row', { name: new RegExp(version) });
    await expect(row).toContainText(developer.email);
    await expect(row).toContainText('publicada pelo painel');
    await expect(row).not.toContainText('ativa');
    await expect(row.getByRole('button', { name: 'Ativar' })).toBeVisible();
    await expect(form).toHaveCount(0);
    // Recorded with the hashes of the files the build holds; the store still serves the live version.
    const sha384 = async (file: string) => `sha384-${createHash('sha384').update(await readFile(path.join(buildDir, file))).digest('base64')}`;
    const [recorded] = await sql<{ manifest_url: string; integrity: string; server_integrity: string | null }>(
      'select manifest_url, integrity, server_integrity from remote_releases where remote = $1 and version = $2',
      ['storefront', version],
    );
    expect(recorded).toEqual({ manifest_url: manifestUrl, integrity: await sha384('remoteEntry.js'), server_integrity: await sha384('server/remoteEntry.js') });
    const registry = (await (await fetch(`${E2E.apiUrl}/api/remotes`)).json()) as { name: string; version: string }[];
    expect(registry.find((entry) => entry.name === 'storefront')!.version).not.toBe(version);
  } finally {
    await writeFile(HERO, original);
    await rm(buildDir, { recursive: true, force: true });
    await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
  }
});
