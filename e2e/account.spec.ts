/**
 * The shopper's account, one flow in Chromium against the production build: a signed-out
 * visitor of /minha-conta is asked to sign in; a shopper opens 'Minha conta' from the header's
 * account menu, edits the profile (name and phone), saves an address, the next checkout offers it
 * (picking it fills the address fields), and the LGPD export downloads a JSON that holds the
 * phone and the address.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { confirmedAccount } from './support/accounts.ts';
import { addToCart, createProduct } from './support/shop.ts';
import { signInAsCustomer } from './support/ui.ts';

test.describe.configure({ timeout: 90_000 });

const address = { label: 'Escritório', zipCode: '04538-133', street: 'Avenida Brigadeiro Faria Lima', number: '3477', complement: 'Sala 5', neighborhood: 'Itaim Bibi', city: 'São Paulo', state: 'SP' };

test('a shopper edits the profile, saves an address, picks it at checkout and exports it with their data', async ({ page }) => {
  await page.goto('/minha-conta');
  await expect(page.getByText('Entre para ver a sua conta')).toBeVisible();

  const account = await confirmedAccount('conta');
  const product = await createProduct(9_990, 5);
  await signInAsCustomer(page, account.email, account.password);

  await page.getByRole('button', { name: `Conta de ${account.email}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();

  const profile = page.getByTestId('account-profile');
  await expect(profile.getByLabel('Nome completo')).toHaveValue('Cliente E2E');
  await profile.getByLabel('Nome completo').fill('Joana Prata');
  await profile.getByLabel('Telefone').fill('(11) 91234-5678');
  await profile.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('Perfil atualizado')).toBeVisible();

  const addresses = page.getByTestId('account-addresses');
  await expect(addresses).toContainText('Nenhum endereço salvo');
  await addresses.getByRole('button', { name: 'Adicionar endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo endereço' });
  await dialog.getByLabel('Nome do endereço').fill(address.label);
  await dialog.getByLabel('CEP').fill(address.zipCode.replace('-', ''));
  await expect(dialog.getByLabel('CEP')).toHaveValue(address.zipCode);
  await dialog.getByLabel('Endereço', { exact: true }).fill(address.street);
  await dialog.getByLabel('Número', { exact: true }).fill(address.number);
  await dialog.getByLabel('Complemento').fill(address.complement);
  await dialog.getByLabel('Bairro').fill(address.neighborhood);
  await dialog.getByLabel('Cidade').fill(address.city);
  await dialog.getByLabel('Estado').selectOption(address.state);
  await dialog.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(dialog).toBeHidden();
  const saved = addresses.getByTestId('saved-address');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(address.label);
  await expect(saved).toContainText('Padrão');
  await expect(saved).toContainText(`${address.street}, ${address.number} - ${address.complement}`);

  await addToCart(page, product.name);
  await page.goto('/checkout');
  await expect(page.getByTestId('test-mode-notice')).toContainText('Modo de teste');
  await expect(page.getByLabel('CEP')).toHaveValue('');
  await page.getByLabel('Entregar em um local salvo').selectOption({ label: `${address.label}: ${address.street}, ${address.number} - ${address.complement} - ${address.neighborhood}, ${address.city}/${address.state} - ${address.zipCode}` });
  await expect(page.getByLabel('CEP')).toHaveValue(address.zipCode);
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue(address.street);
  await expect(page.getByLabel('Número', { exact: true })).toHaveValue(address.number);
  await expect(page.getByLabel('Complemento')).toHaveValue(address.complement);
  await expect(page.getByLabel('Bairro')).toHaveValue(address.neighborhood);
  await expect(page.getByLabel('Cidade')).toHaveValue(address.city);
  await expect(page.getByLabel('Estado', { exact: true })).toHaveValue(address.state);
  // The fields stay editable: the shopper can still type another address.
  await page.getByLabel('Número', { exact: true }).fill('3500');
  await expect(page.getByLabel('Número', { exact: true })).toHaveValue('3500');

  await page.goto('/minha-conta');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('account-privacy').getByRole('button', { name: 'Baixar meus dados' }).click()]);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { fullName: string; phone: string | null }; addresses: Record<string, unknown>[] };
  expect(exported.profile).toEqual({ fullName: 'Joana Prata', phone: '11912345678' });
  expect(exported.addresses).toHaveLength(1);
  expect(exported.addresses[0]).toMatchObject({ ...address, isDefault: true });
});
