/**
 * Shopper accounts in the browser (storefront.md 2, 4, 8): sign up -> confirm through
 * the e-mailed link -> sign in -> the session survives a reload -> account menu -> sign out;
 * password recovery through the e-mailed link; the spec's error toasts; the confirmation e-mail
 * asked for again from the refused sign-in.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastLinkTo, uniqueEmail } from './support/accounts.ts';
import { submitSignIn } from './support/ui.ts';

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Criar conta' }).first().click();
  await page.getByLabel('Nome completo').fill('Luiza Prado');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).last().click();
  await expect(page.getByText('Cadastro realizado!', { exact: true })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await submitSignIn(page, email, password);
}

test('sign up, confirm by e-mail link, sign in, keep the session on reload, sign out', async ({ page }) => {
  // Five pages, two e-mails and a reload that waits for the store's own reload: about 30 steps.
  test.setTimeout(60_000);
  const email = uniqueEmail('luiza');
  await signUp(page, email, 'segredo123');

  await signIn(page, email, 'segredo123');
  await expect(page.getByText('Confirme seu email antes de entrar.', { exact: false })).toBeVisible();
  // The refused sign-in offers the confirmation e-mail again; only the new link works.
  const firstLink = await lastLinkTo(email);
  await page.getByRole('button', { name: 'Reenviar e-mail', exact: true }).click();
  await expect(page.getByText('Se houver uma conta não confirmada com este email, enviaremos um novo link de confirmação.')).toBeVisible();
  await expect.poll(() => lastLinkTo(email)).not.toBe(firstLink);

  const link = await lastLinkTo(email);
  expect(link).toContain('/auth?confirmar=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email confirmado!', { exact: true })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.reload();
  const account = page.getByRole('button', { name: `Conta de ${email}` });
  await expect(account).toBeVisible();
  await account.click();
  const menu = page.getByTestId('account-menu');
  await expect(menu).toContainText(`Olá, ${email}`);
  await expect(menu).toContainText('Sessão ativa');
  await expect(menu.getByRole('menuitem')).toHaveText(['Minha conta', 'Meus pedidos', 'Sair']); // no Admin Panel, no Developer Dashboard for a customer
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/); // already signed in: /auth goes home

  // The reload follows the toast after 500 ms: hold the reloaded document long enough to read the
  // toast on a busy machine (the old page, toast included, stays until the new document arrives).
  await page.route(/\/$/, async (route) => {
    if (route.request().resourceType() === 'document') await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  await page.getByRole('button', { name: `Conta de ${email}` }).click();
  // The store reloads the page itself after signing out: wait for that load (a reload of our own
  // could race with it and be aborted).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  // One toast with both texts, in one wait: the page reloads LOGOUT_REDIRECT_MS later, and on a
  // busy machine a second wait could start after the reload took the toast away.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Logout realizado' }).filter({ hasText: 'Você foi desconectado com sucesso.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await reloaded;
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
});

test('wrong credentials and an e-mail already registered show the spec texts', async ({ page }) => {
  await signIn(page, uniqueEmail('ninguem'), 'errada123');
  await expect(page.getByText('Erro no login', { exact: true })).toBeVisible();
  await expect(page.getByText('Email ou senha incorretos')).toBeVisible();

  const email = uniqueEmail('duplo');
  await signUp(page, email, 'segredo123');
  await page.getByRole('button', { name: 'Criar conta' }).first().click();
  await page.getByLabel('Nome completo').fill('Outra');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('segredo123');
  await page.getByRole('button', { name: 'Criar conta' }).last().click();
  await expect(page.getByText('Usuário já cadastrado')).toBeVisible();
  await expect(page.getByText('Este email já está cadastrado. Faça login.')).toBeVisible();
});

test('recover the password with the e-mailed link', async ({ page }) => {
  const email = uniqueEmail('esquecida');
  await signUp(page, email, 'antiga123');
  await page.goto((await lastLinkTo(email)).replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email confirmado!', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('heading', { name: 'Email enviado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar para outro email' })).toBeVisible();

  const link = await lastLinkTo(email);
  expect(link).toContain('/reset-password?token=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('Nova senha', { exact: true }).fill('nova1234');
  await page.getByLabel('Confirmar senha').fill('outra123');
  await page.getByRole('button', { name: 'Atualizar senha' }).click();
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
  await page.getByLabel('Confirmar senha').fill('nova1234');
  await page.getByRole('button', { name: 'Atualizar senha' }).click();
  await expect(page.getByText('Senha atualizada', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('nova1234');
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
});
