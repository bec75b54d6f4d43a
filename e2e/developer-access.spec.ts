/**
 * The developer area (admin.md 2, 6, 8): /developer needs a developer; the developer
 * login signs a non-developer out with 'Acesso Negado' and lets a developer (made with the
 * service's setupDeveloper, which also makes them an admin) into /developer, where the
 * 'Monitores' page shows the store's uptime targets and the service's scheduled jobs.
 * Creates one admin (the developer; the cap is 3 for the whole suite) and frees the slot after.
 */
import { expect, test, type Page } from '@playwright/test';
import { createDeveloper, uniqueEmail } from './support/accounts.ts';
import { sql } from './support/database.ts';
import { passSecondFactor, signInAsDeveloper } from './support/ui.ts';
import { createConfirmedCustomer } from './support/customers.ts';

const developer = { email: uniqueEmail('dev'), password: 'Prata-Dev-2026!', fullName: 'Davi Dev E2E' };

test.beforeAll(async () => {
  await createDeveloper(developer);
});

test.afterAll(async () => {
  // Free the admin slot: two spec files run at once, each holding at most one admin.
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [developer.email]);
});

async function signInAtDeveloperLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login de desenvolvedor' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await passSecondFactor(page, email);
}

test('anonymous visitors of /developer and /desenvolvedor go to /developer-login', async ({ page }) => {
  await page.goto('/developer');
  await expect(page).toHaveURL(/\/developer-login$/);
  await page.goto('/desenvolvedor');
  await expect(page).toHaveURL(/\/developer-login$/);
  await expect(page.getByRole('heading', { name: 'Developer Login' })).toBeVisible();
});

test("the developer login signs a customer out with 'Acesso Negado'; a signed-in non-developer sees Access Denied", async ({ page }) => {
  const email = await createConfirmedCustomer('cliente.dev', 'segredo123');
  await page.goto('/developer-login');
  await signInAtDeveloperLogin(page, email, 'segredo123');
  await expect(page.getByText('Você não tem permissão de desenvolvedor.')).toBeVisible();
  await expect(page.getByText('Acesso Negado', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/developer-login$/);
  await page.goto('/developer');
  await expect(page).toHaveURL(/\/developer-login$/); // signed out again

  await signInAtDeveloperLogin(page, email, 'senha-errada');
  await expect(page.getByText('Credenciais inválidas ou você não tem permissão de desenvolvedor.')).toBeVisible();

  // Signed in elsewhere (the admin login keeps the session), the guard shows Access Denied.
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Login administrativo' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill('segredo123');
  await form.getByRole('button', { name: 'Acessar Painel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/developer');
  const denied = page.getByTestId('developer-access-denied');
  await expect(denied.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(denied).toContainText('Você não tem privilégios de desenvolvedor para acessar esta área.');
  await expect(denied).toContainText('Apenas usuários com função de desenvolvedor podem acessar o dashboard de desenvolvimento.');
});

test('a developer signs in and reaches the developer dashboard, then signs out to the store', async ({ page }) => {
  await page.goto('/developer-login');
  await signInAtDeveloperLogin(page, developer.email, developer.password);
  await expect(page.getByText('Acesso Concedido', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByRole('heading', { name: 'Dashboard de Desenvolvimento' })).toBeVisible();
  const signOut = page.getByTestId('developer-sign-out');
  await expect(signOut).toContainText(developer.email);
  await expect(signOut).toContainText('Desenvolvedor');

  // A developer is an admin too: the admin area labels them 'Desenvolvedor'.
  await page.goto('/admin');
  await expect(page.getByTestId('admin-sign-out')).toContainText('Desenvolvedor');
  await page.goto('/developer');
  await page.getByTestId('developer-sign-out').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/developer');
  await expect(page).toHaveURL(/\/developer-login$/);
});

test("a developer opens 'Monitores': the uptime targets and every scheduled job with its last run", async ({ page }) => {
  await signInAsDeveloper(page, developer.email, developer.password);
  await page.getByRole('link', { name: 'Monitores' }).click();
  await expect(page).toHaveURL(/\/developer\/monitores$/);
  await expect(page.getByRole('heading', { name: 'Monitores', level: 1 })).toBeVisible();
  const uptime = page.getByTestId('uptime-targets');
  await expect(uptime.getByRole('rowheader', { name: /Loja: página inicial/ })).toBeVisible();
  await expect(uptime.getByRole('rowheader', { name: /API do catálogo/ })).toBeVisible();
  const jobs = page.getByTestId('job-monitors');
  // The e2e store polls its jobs every few seconds: the expiry job has run by now.
  const expiry = jobs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'order-expiry' }) });
  await expect(expiry).toBeVisible();
  await expect(expiry).not.toContainText('Nunca executada');
});
