/**
 * The admin area (admin.md 2, 4, 5, 8): the guard redirects anonymous visitors to the
 * login and shows 'Acesso Negado' to customers; the registration modal ends in the pending state
 * and its e-mailed link confirms the registration; the owner's first sign-in enrols an
 * authenticator (QR code; staff must have 2FA) with the code it would show, signs out
 * and signs in again through the TOTP step, landing on the page they came from; 2FA goes off
 * and on again from the Security card.
 * Creates one admin (the cap is 3 for the whole suite).
 */
import { expect, test, type Page } from '@playwright/test';
import { lastLinkTo, rememberSecondFactor, uniqueEmail, withAdminAccounts } from './support/accounts.ts';
import { createConfirmedCustomer } from './support/customers.ts';
import { sql } from './support/database.ts';
import { freshTotpCode, totpCodeNow, totpStep } from './support/totp.ts';
import { passSecondFactor } from './support/ui.ts';

const ADMIN_PASSWORD = 'Prata-Admin-2026!';
const admin = { email: uniqueEmail('admin'), fullName: 'Helena Admin E2E' };

test.beforeAll(async () => {
  await withAdminAccounts((service, em) => service.createOwner(em, { ...admin, password: ADMIN_PASSWORD }));
});

test.afterAll(async () => {
  // Free the admin slot (3 admins at most for the whole suite), also when a retry made another admin.
  await sql('delete from user_roles where user_id = (select id from users where email = $1)', [admin.email]);
});

async function signInAtAdminLogin(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login administrativo' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Acessar Painel' }).click();
  await passSecondFactor(page, email);
}

test('anonymous visitors are sent to /admin/login; /painel-admin leads there too', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acessar Painel' })).toBeVisible();
  await page.goto('/painel-admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole('button', { name: 'Voltar à Loja' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the registration modal validates, ends in the pending state, and the e-mailed link confirms', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Criar Nova Conta de Administrador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Nova Conta de Administrador' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('apenas o proprietário da loja deve criar');

  const email = uniqueEmail('candidata');
  await dialog.getByLabel('Nome completo').fill('Marina Candidata');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill('curta');
  await dialog.getByLabel('Confirmar senha', { exact: true }).fill('diferente');
  await dialog.getByRole('button', { name: 'Criar Conta de Administrador' }).click();
  await expect(dialog.getByText('A senha deve ter pelo menos 8 caracteres')).toBeVisible();
  await expect(dialog.getByText('As senhas não coincidem')).toBeVisible();

  await dialog.getByLabel('Senha', { exact: true }).fill('Segredo-Forte-1');
  await dialog.getByLabel('Confirmar senha', { exact: true }).fill('Segredo-Forte-1');
  await dialog.getByRole('button', { name: 'Criar Conta de Administrador' }).click();
  const pending = dialog.getByTestId('admin-registration-pending');
  await expect(pending).toContainText(`Enviamos um email de confirmação para ${email}`);
  await pending.getByRole('button', { name: 'Criar outro registro' }).click();
  await expect(dialog.getByLabel('Nome completo')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);

  // The same e-mail again: the account exists.
  await page.getByRole('button', { name: 'Criar Nova Conta de Administrador' }).click();
  await dialog.getByLabel('Nome completo').fill('Marina Candidata');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill('Segredo-Forte-1');
  await dialog.getByLabel('Confirmar senha', { exact: true }).fill('Segredo-Forte-1');
  await dialog.getByRole('button', { name: 'Criar Conta de Administrador' }).click();
  await expect(page.getByText('Erro no cadastro', { exact: true })).toBeVisible();
  await expect(page.getByText('Este email já possui uma conta. Tente fazer login ou use outro email.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const link = await lastLinkTo(email);
  expect(link).toContain('/admin/login?confirmar=');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  // An admin exists already (beforeAll): the registration now waits for an admin's approval.
  await expect(page.getByText('Email confirmado. Um administrador precisa aprovar seu acesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a customer who signs in at /admin/login sees 'Acesso Negado'", async ({ page }) => {
  const email = await createConfirmedCustomer('cliente.admin', 'segredo123');
  await page.goto('/admin/login');
  await signInAtAdminLogin(page, email, 'segredo123');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Login realizado', { exact: true })).toHaveCount(0);
  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar à Loja' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the owner enrols an authenticator at the first sign-in, then signs in with the TOTP code, back to the page they came from; 2FA off, and on again from the Security card', async ({ page }) => {
  test.setTimeout(120_000);
  // Staff must have 2FA; the owner create-owner made has none yet, so
  // the first sign-in is the enrolment step, and no session exists before the authenticator's code.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInAtAdminLogin(page, admin.email, ADMIN_PASSWORD);
  const enrolment = page.getByRole('region', { name: 'Configurar autenticação de dois fatores' });
  await expect(enrolment).toContainText('Administradores e desenvolvedores precisam da autenticação de dois fatores.');
  await expect(enrolment.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' })).toHaveAttribute('width', '256');
  const enrolledSecret = (await enrolment.getByTestId('totp-enrolment-secret').textContent())!.trim();
  const enrolledCodes = enrolment.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(enrolledCodes).toHaveCount(10);
  const recoveryCode = (await enrolledCodes.first().textContent())!.trim();
  const confirmEnrolment = enrolment.getByRole('button', { name: 'Verificar e Ativar' });
  await expect(confirmEnrolment).toBeDisabled();
  const first = await freshTotpCode(enrolledSecret, totpStep() - 1);
  await enrolment.getByLabel('Código de verificação').fill(first.code);
  await confirmEnrolment.click();
  await expect(page.getByText('Bem-vindo ao painel administrativo!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);

  const signOutButton = page.getByTestId('admin-sign-out');
  await expect(signOutButton).toContainText(admin.email);
  await expect(signOutButton).toContainText('Administrador');
  const sidebar = page.getByRole('navigation', { name: 'Painel administrativo' });
  await expect(sidebar.getByRole('link')).toHaveText(['Dashboard', 'Produtos', 'Pedidos', 'Vendas', 'Frete', 'Cupons', 'Avaliações', 'Usuários', 'Conteúdo', 'Redes Sociais', 'Segurança', 'Perfil', 'Atividades', 'Quality Assurance']);
  await sidebar.getByRole('link', { name: 'Segurança' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toContainText('Segurança');
  await expect(page.getByTestId('security-status')).toContainText('Ativada');

  await signOutButton.click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInAtAdminLogin(page, admin.email, ADMIN_PASSWORD);
  const second = page.getByRole('form', { name: 'Verificação em duas etapas' });
  await expect(second).toBeVisible();
  // A code is accepted once per time step, in increasing order: the next step's code (one step of tolerance).
  const next = totpCodeNow(enrolledSecret, first.step)!;
  await second.getByLabel('Código de verificação').fill(next.code);
  await second.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Bem-vindo ao painel administrativo!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const users = page.getByTestId('admin-user-list');
  await expect(users.getByRole('listitem').filter({ hasText: admin.email })).toContainText('Administrador');
  await expect(users.getByRole('listitem').filter({ hasText: admin.email })).toContainText(admin.fullName);

  // Turning 2FA off needs the password and a code: a recovery code, used once.
  await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Segurança' }).click();
  await page.getByTestId('two-factor').getByRole('switch', { name: 'Autenticação de dois fatores' }).click();
  const off = page.getByRole('dialog', { name: 'Desativar 2FA?' });
  await off.getByLabel('Senha atual', { exact: true }).fill('senha-errada');
  await off.getByLabel('Código de verificação').fill(recoveryCode);
  await off.getByRole('button', { name: 'Desativar 2FA' }).click();
  await expect(page.getByText('Senha atual incorreta', { exact: true })).toBeVisible();
  await off.getByLabel('Senha atual', { exact: true }).fill(ADMIN_PASSWORD);
  await off.getByRole('button', { name: 'Desativar 2FA' }).click();
  await expect(page.getByText('2FA Desativado', { exact: true })).toBeVisible();
  await expect(page.getByTestId('security-status')).toContainText('Desativada');

  // On again from the Security card: it asks for the current password.
  const card = page.getByTestId('two-factor');
  await card.getByLabel('Senha atual', { exact: true }).fill(ADMIN_PASSWORD);
  await card.getByRole('button', { name: 'Ativar 2FA' }).click();
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
  await expect(card.getByTestId('two-factor-recovery-codes').getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await card.getByTestId('two-factor-recovery-codes').getByRole('listitem').allTextContents()).map((code) => code.trim());
  await expect(card.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' })).toHaveAttribute('width', '256');
  const verify = card.getByRole('button', { name: 'Verificar e Ativar' });
  await expect(verify).toBeDisabled();
  const { code, step } = await freshTotpCode(secret, totpStep() - 1);
  await card.getByLabel('Código de verificação').fill(code);
  await verify.click();
  await expect(page.getByText('2FA Ativado', { exact: true })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Autenticação de dois fatores' })).toHaveAttribute('aria-checked', 'true');
  await expect(card.getByTestId('two-factor-secret')).toHaveCount(0);
  await expect(page.getByTestId('security-status')).toContainText('Ativada');
  // The next tests sign the owner in with this authenticator.
  rememberSecondFactor(admin.email, { secret, lastStep: step, recoveryCodes });
});

test('an admin edits the profile, gets the panel password feedback, and the developer setup checks its fields', async ({ page }) => {
  // A sign-in, three panel pages and the developer setup: past the default budget on a busy 2-core machine (31.7 s once).
  test.setTimeout(60_000);
  await page.goto('/admin/login');
  await signInAtAdminLogin(page, admin.email, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);

  // The header's account menu (storefront.md 2) offers the panel to admins, and reaches it by keyboard.
  await page.goto('/');
  const account = page.getByRole('button', { name: `Conta de ${admin.email}` });
  await expect(account).toHaveAttribute('data-state', 'closed'); // the menu's own chunk has replaced the placeholder button
  // Keep the pointer off the menu: Chromium replays a mouse move when content appears under it,
  // and a hovered menu item takes the focus (as it should for a mouse user).
  await page.mouse.move(0, 0);
  await account.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('account-menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Admin Panel', 'Minha conta', 'Meus pedidos', 'Sair']);
  await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toBeFocused(); // a keyboard-opened menu focuses its first item
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Minha conta' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);

  const basic = page.getByRole('form', { name: 'Informações básicas' });
  await expect(basic.getByLabel('Nome completo')).toHaveValue(admin.fullName);
  await basic.getByLabel('Nome completo').fill(`${admin.fullName} Silva`);
  await basic.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil Atualizado', { exact: true })).toBeVisible();
  admin.fullName = `${admin.fullName} Silva`;

  await page.getByRole('form', { name: 'Alterar email' }).getByRole('button', { name: 'Alterar Email' }).click();
  await expect(page.getByText('Preencha o novo email e a senha atual.')).toBeVisible();

  // The dialog asks for the current password, and a staff password needs 12+ characters.
  await page.getByRole('button', { name: 'Alterar Senha', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar Senha' });
  await expect(dialog).toContainText('pelo menos 12 caracteres');
  await dialog.getByLabel('Nova senha', { exact: true }).fill('abcdef');
  await dialog.getByLabel('Confirmar nova senha', { exact: true }).fill('abcdef');
  await dialog.getByRole('button', { name: 'Salvar Senha' }).click();
  await expect(page.getByText('Informe a senha atual.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Senha atual', { exact: true }).fill(ADMIN_PASSWORD);
  await dialog.getByLabel('Confirmar nova senha', { exact: true }).fill('abcdeg');
  await dialog.getByRole('button', { name: 'Salvar Senha' }).click();
  await expect(page.getByText('Senhas não conferem', { exact: true })).toBeVisible();
  await dialog.getByLabel('Confirmar nova senha', { exact: true }).fill('abcdef');
  await dialog.getByRole('button', { name: 'Salvar Senha' }).click();
  await expect(page.getByText('A senha deve ter pelo menos 12 caracteres.', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  const panel = page.getByRole('form', { name: 'Alterar senha do painel' });
  await panel.getByLabel('Senha atual', { exact: true }).fill(ADMIN_PASSWORD);
  await panel.getByLabel('Nova senha do painel', { exact: true }).fill('aaaaaaaaaaaa');
  await panel.getByLabel('Confirmar nova senha do painel', { exact: true }).fill('aaaaaaaaaaaa');
  await panel.getByRole('button', { name: 'Alterar Senha do Painel' }).click();
  await expect(page.getByText('Senha muito fraca', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('alert').getByRole('listitem').first()).toBeVisible();

  await page.goto('/admin/setup-developer');
  await expect(page.getByRole('link', { name: 'Voltar ao painel' })).toHaveAttribute('href', '/admin');
  await page.getByRole('button', { name: 'Criar Acesso de Desenvolvedor' }).click();
  await expect(page.getByText('Preencha todos os campos.')).toBeVisible();
});
