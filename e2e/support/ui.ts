/**
 * Helpers for the accessibility and visual specs: wait until a page has settled (remote mounted,
 * no pending request, no skeleton, fonts and images ready) and sign in through the UI.
 */
import { expect, type Page } from '@playwright/test';
import { secondFactorCode } from './accounts.ts';

/** Waits for the page to finish loading: network idle, no busy region, fonts and images decoded. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main#conteudo')).toBeVisible();
  // Busy regions (skeletons) gone; the component gallery shows busy states on purpose.
  await expect(page.locator('main [aria-busy="true"]:not([data-testid="component-gallery"] *), [data-testid="navigation-transition"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="admin-checking"], [data-testid="developer-checking"]')).toHaveCount(0);
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => (image.complete ? Promise.resolve() : image.decode().catch(() => undefined))));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Fills and submits the customer sign-in form of the page shown (/auth), once the page is live:
 * the form is server-rendered, and typing before it hydrated could be lost (a password or e-mail
 * field found empty, seen in full runs).
 */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.locator('html[data-remote-ready]')).toHaveCount(1);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
}

/** Signs in at /auth as a customer and waits for the confirmation toast. */
export async function signInAsCustomer(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await submitSignIn(page, email, password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
}

/** Signs in at /admin/login and waits for the admin dashboard. */
export async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Login administrativo' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Acessar Painel' }).click();
  await passSecondFactor(page, email);
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * The code step of a staff sign-in (staff enrol 2FA): types the next code of the
 * account's authenticator (accounts.ts). Nothing for an account without one.
 */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  const code = secondFactorCode(email);
  if (code === undefined) return;
  const step = page.getByRole('form', { name: 'Verificação em duas etapas' });
  await step.getByLabel('Código de verificação').fill(code);
  await step.getByRole('button', { name: 'Verificar' }).click();
}

/** Signs in at /developer-login and waits for the developer dashboard. */
export async function signInAsDeveloper(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/developer-login');
  const form = page.getByRole('form', { name: 'Login de desenvolvedor' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await passSecondFactor(page, email);
  await expect(page).toHaveURL(/\/developer$/);
}
