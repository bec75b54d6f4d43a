/**
 * Header navigation and search (storefront.md 2): each header navigation shows the transition
 * first and changes the route 400 ms later; the search bar suggests what the catalogue answers
 * (product names, then categories; accents, case and a typo ignored; none when empty),
 * opens a chosen product's page or category, goes to /produtos?search=term for typed text, and
 * closes and clears itself; the subdomain rule of admin.md 2 sends admin.* to /admin.
 */
import { expect, test } from '@playwright/test';
import type { ProductSuggestions } from '@prata/contracts/catalogue';
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

/** The catalogue's own answer for `q` (the service's suggestions route), to compare the bar with. */
async function catalogueSuggestions(q: string): Promise<ProductSuggestions> {
  const response = await fetch(`${E2E.apiUrl}/api/products/suggestions?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProductSuggestions;
}

test('search suggestions come from the catalogue: products then categories, accents, case and a typo ignored, hidden when empty', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const input = page.getByRole('combobox', { name: 'Buscar joias' });
  const listbox = page.getByRole('listbox', { name: 'Sugestões de busca' });
  await expect(input).toBeFocused();
  await expect(listbox).toHaveCount(0);

  const zirconia = await catalogueSuggestions('zirconia');
  expect(zirconia.products.length).toBeGreaterThan(1);
  expect(zirconia.products.every((product) => product.name.includes('Zircônia'))).toBe(true);
  await input.pressSequentially('ZIRCONIA');
  await expect(listbox.getByRole('option')).toHaveText(zirconia.products.map((product) => product.name));

  const rings = await catalogueSuggestions('an');
  expect(rings.categories).toEqual([{ value: 'aneis', label: 'Anéis' }]);
  await input.fill('an');
  await expect(listbox.getByRole('option')).toHaveText([...rings.products.map((product) => product.name), 'Anéis · categoria']);

  await input.fill('solitaro');
  await expect(listbox.getByRole('option').first()).toContainText('Solitário');
  await input.fill('');
  await expect(listbox).toHaveCount(0);
  await input.fill('xqzwv');
  await expect(listbox).toHaveCount(0);
});

test('a product suggestion opens its page, a category the filtered catalogue, typed text the search; the bar closes and is cleared', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const input = page.getByRole('combobox', { name: 'Buscar joias' });
  const [first] = (await catalogueSuggestions('solitaro')).products;
  await input.fill('solitaro');
  await expect(page.getByRole('option').first()).toHaveText(first!.name);
  await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  await input.press('Enter');
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/produtos/${first!.slug}$`));
  await expect(page.getByRole('heading', { name: first!.name, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(input).toHaveValue('');
  await input.fill('brinc');
  await page.getByRole('option', { name: 'Brincos · categoria' }).click();
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page).toHaveURL(/\/produtos\?categoria=brincos$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();

  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await input.fill('   ');
  await input.press('Enter');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page).toHaveURL(/\/produtos\?categoria=brincos$/);

  await input.fill('  brinco zirconia ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/produtos\?search=brinco%20zirconia$/);
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByText('Resultados para “brinco zirconia”')).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('an admin.* host opens /admin (subdomain rule)', async ({ page }) => {
  await page.goto(`http://admin.localhost:${E2E.ports.shell}/produtos`);
  // The rule sends the shop's page to the admin area; there the guard sends a visitor who is not
  // signed in on to /admin/login (how soon depends on the session check, so either URL is the area).
  await expect(page).toHaveURL(new RegExp(`^http://admin\\.localhost:${E2E.ports.shell}/admin(/login)?$`));
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' }).first()).toBeVisible();
});
