/**
 * Contact page (storefront.md 2, 4, 5): details, opening hours, WhatsApp button, FAQ; the form's
 * validation messages in one toast; a valid form opens a WhatsApp chat in a new tab carrying
 * every field, shows 'Abrindo WhatsApp...' and is cleared.
 */
import { expect, test, type Page } from '@playwright/test';

const form = (page: Page) => page.getByRole('form', { name: 'Envie uma Mensagem' });

test.beforeEach(async ({ context }) => {
  // No internet here: answer wa.me locally so the new tab loads.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
});

test('shows contact details, opening hours, a WhatsApp button and three FAQ entries', async ({ page }) => {
  await page.goto('/contato');
  await expect(page.getByRole('heading', { name: 'Contato', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'contato@prata925.com.br' })).toBeVisible();
  const hours = page.getByRole('table', { name: 'Horário de Atendimento' });
  await expect(hours.getByRole('row')).toHaveText(['Segunda a Sexta9h às 18h', 'Sábado9h às 14h', 'DomingoFechado']);
  await expect(page.getByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5511999999999');
  const faq = page.getByRole('region', { name: 'Perguntas Frequentes' });
  await expect(faq.locator('summary')).toHaveCount(3);
  await faq.getByText('Qual é o prazo de entrega?').click();
  await expect(faq.getByText(/3 a 7 dias úteis no Sudeste e de 5 a 15 dias úteis/)).toBeVisible();
});

test('invalid input: every message joined with commas in one error toast, nothing opens', async ({ page, context }) => {
  await page.goto('/contato');
  let opened = false;
  context.on('page', () => (opened = true));
  await form(page).getByLabel('Telefone').fill('1234');
  await form(page).getByLabel('Email').fill('maria@');
  await form(page).getByRole('button', { name: 'Enviar pelo WhatsApp' }).click();
  await expect(page.getByText('Nome é obrigatório, Telefone inválido, Email inválido, Assunto é obrigatório, Mensagem é obrigatória')).toBeVisible();
  await expect(page.getByText('Erro de validação')).toHaveCount(1);

  await form(page).getByLabel('Nome').fill('a'.repeat(101));
  await form(page).getByLabel('Telefone').fill('(11) 98765-4321');
  await form(page).getByLabel('Email').fill('maria@example.com');
  await form(page).getByLabel('Assunto').fill('Dúvida');
  await form(page).getByLabel('Mensagem').fill('Olá');
  await form(page).getByRole('button', { name: 'Enviar pelo WhatsApp' }).click();
  await expect(page.getByText('Nome muito longo', { exact: true })).toBeVisible();
  expect(opened).toBe(false);
});

test('valid input opens WhatsApp in a new tab with every field, toasts and clears the form', async ({ page, context }) => {
  await page.goto('/contato');
  await form(page).getByLabel('Nome').fill('  Maria Silva  ');
  await form(page).getByLabel('Telefone').fill('(11) 98765-4321');
  await form(page).getByLabel('Email').fill('maria@example.com');
  await form(page).getByLabel('Assunto').fill('Ajuste de anel & prazo');
  await form(page).getByLabel('Mensagem').fill('Meu aro é 16.<script>alert(1)</script> Obrigada!');
  await expect(form(page).getByLabel('Mensagem')).toHaveValue('Meu aro é 16. Obrigada!');

  const popupPromise = context.waitForEvent('page');
  await form(page).getByRole('button', { name: 'Enviar pelo WhatsApp' }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const url = new URL(popup.url());
  expect(url.pathname).toBe('/5511999999999');
  expect(popup.url()).not.toContain(' ');
  const text = url.searchParams.get('text')!;
  for (const value of ['Maria Silva', '(11) 98765-4321', 'maria@example.com', 'Ajuste de anel & prazo', 'Meu aro é 16. Obrigada!']) {
    expect(text).toContain(value);
  }
  expect(text).not.toContain('script');
  await popup.close();

  await expect(page.getByText('Abrindo WhatsApp...')).toBeVisible();
  for (const label of ['Nome', 'Telefone', 'Email', 'Assunto', 'Mensagem']) await expect(form(page).getByLabel(label)).toHaveValue('');
});
