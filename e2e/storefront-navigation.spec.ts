/**
 * Header navigation and search (storefront.md 2): each header navigation shows the transition
 * first and changes the route 400 ms later; the search bar suggests jewelry categories
 * (case-insensitive substring, at most 5, none when empty) and goes to /produtos?search=term,
 * closing and clearing itself; the subdomain rule of admin.md 2 sends admin.* to /admin.
 */
import { expect, test } from '@playwright/test';
import { E2E } from './support/environment.ts';

interface NavigationMarks {
  /** performance.now() when the transition appeared, the path then, its size and progress bar label. */
  shown?: number;
  pathWhenShown?: string;
  veilArea?: number;
  progressLabel?: string | null;
  /** performance.now() of the first history push (the route change). */
  routed?: number;
}

test('a header link shows the transition, then changes the route after 400 ms', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Produtos em Destaque' })).toBeVisible();
  // Observe in the page itself, so the timing does not depend on the test runner's polling.
  await page.evaluate(() => {
    const marks: NavigationMarks = {};
    (window as unknown as { __nav: NavigationMarks }).__nav = marks;
    new MutationObserver(() => {
      const veil = document.querySelector('[data-testid="navigation-transition"]');
      if (marks.shown !== undefined || !veil) return;
      marks.shown = performance.now();
      marks.pathWhenShown = location.pathname;
      const rect = veil.getBoundingClientRect();
      marks.veilArea = getComputedStyle(veil).visibility === 'hidden' ? 0 : rect.width * rect.height;
      marks.progressLabel = veil.querySelector('[role="progressbar"]')?.getAttribute('aria-label') ?? null;
    }).observe(document.body, { childList: true, subtree: true });
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      marks.routed ??= performance.now();
      push(...args);
    };
  });

  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sobre Nós' }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  await expect(page.getByTestId('navigation-transition')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sobre Nós', level: 1 })).toBeVisible();

  const marks = await page.evaluate(() => (window as unknown as { __nav: NavigationMarks }).__nav);
  expect(marks.shown).toBeDefined();
  expect(marks.pathWhenShown).toBe('/');
  expect(marks.veilArea).toBeGreaterThan(0);
  expect(marks.progressLabel).toBe('Carregando página');
  expect(marks.routed).toBeDefined();
  // The route changes about 400 ms after the transition appeared (timer and paint jitter allowed).
  expect(marks.routed! - marks.shown!).toBeGreaterThanOrEqual(350);
});

test('search suggestions: shown while typing, case-insensitive, at most 5, hidden when empty', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const input = page.getByRole('combobox', { name: 'Buscar joias' });
  const listbox = page.getByRole('listbox', { name: 'Sugestões de busca' });
  await expect(input).toBeFocused();
  await expect(listbox).toHaveCount(0);

  await input.fill('an');
  await expect(listbox.getByRole('option')).toHaveText(['Anéis', 'Alianças']);
  await input.fill('AN');
  await expect(listbox.getByRole('option')).toHaveText(['Anéis', 'Alianças']);
  await input.fill('e');
  await expect(listbox.getByRole('option')).toHaveCount(5);
  await input.fill('');
  await expect(listbox).toHaveCount(0);
  await input.fill('relógio');
  await expect(listbox).toHaveCount(0);
});

test('clicking a suggestion goes to /produtos?search=<suggestion>, then the bar closes and is cleared', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const input = page.getByRole('combobox', { name: 'Buscar joias' });
  await input.fill('an');
  await page.getByRole('option', { name: 'Anéis' }).click();
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page).toHaveURL(/\/produtos\?search=An%C3%A9is$/);
  await expect(page.getByText('Resultados para “Anéis”')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(input).toHaveValue('');
  await input.fill('   ');
  await input.press('Enter');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page).toHaveURL(/\/produtos\?search=An%C3%A9is$/);

  await input.fill('  colar ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/produtos\?search=colar$/);
  await expect(page.getByRole('search')).toHaveCount(0);
});

test('an admin.* host opens /admin (subdomain rule)', async ({ page }) => {
  await page.goto(`http://admin.localhost:${E2E.ports.shell}/produtos`);
  // The rule sends the shop's page to the admin area; there the guard sends a visitor who is not
  // signed in on to /admin/login (how soon depends on the session check, so either URL is the area).
  await expect(page).toHaveURL(new RegExp(`^http://admin\\.localhost:${E2E.ports.shell}/admin(/login)?$`));
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' }).first()).toBeVisible();
});
