/**
 * Pages fed by the content tables (admin.md 3; storefront.md 2): policy pages show their stored
 * section as text, /sobre shows the story, values and calls to action, the footer's social links
 * come from social_links.
 */
import { expect, test } from '@playwright/test';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';

test('a policy page shows the title and text stored in content_sections, as text', async ({ page }) => {
  const [before] = await sql<{ title: string; content: string }>(`select title, content from content_sections where section_key = 'privacy_policy'`);
  try {
    await sql(`update content_sections set title = $1, content = $2, updated_at = now() where section_key = 'privacy_policy'`, [
      'Privacidade E2E',
      'Primeiro parágrafo E2E.\n\nSegundo parágrafo com <b>marcação</b>.\nSegunda linha.',
    ]);
    // The server-rendered page follows the change made in SQL once the service has seen it.
    await expect.poll(async () => (await fetch(`${E2E.storeUrl}/politica-privacidade`, { headers: { accept: 'text/html' } })).text(), { timeout: 5000 }).toContain('Privacidade E2E');
    await page.goto('/politica-privacidade');
    const article = page.getByTestId('content-privacy_policy');
    await expect(article.getByRole('heading', { name: 'Privacidade E2E', level: 1 })).toBeVisible();
    await expect(article.locator('p').filter({ hasText: 'parágrafo' })).toHaveText(['Primeiro parágrafo E2E.', 'Segundo parágrafo com <b>marcação</b>.Segunda linha.']);
    await expect(article.locator('b')).toHaveCount(0);
  } finally {
    await sql(`update content_sections set title = $1, content = $2 where section_key = 'privacy_policy'`, [before!.title, before!.content]);
  }
});

test('the exchange policy and terms pages show their default sections', async ({ page }) => {
  await page.goto('/politica-troca');
  await expect(page.getByRole('heading', { name: 'Política de Troca e Devolução', level: 1 })).toBeVisible();
  await expect(page.getByText(/em até 30 dias corridos após o recebimento/)).toBeVisible();
  await page.goto('/termos-uso');
  await expect(page.getByRole('heading', { name: 'Termos de Serviço', level: 1 })).toBeVisible();
  await expect(page.getByText(/pelo menos 18 anos/)).toBeVisible();
});

test('/sobre shows the story, the three values and calls to action', async ({ page }) => {
  await page.goto('/sobre');
  await expect(page.getByRole('heading', { name: 'Sobre Nós', level: 1 })).toBeVisible();
  const story = page.getByRole('region', { name: 'Nossa História' });
  await expect(story).toContainText('A Prata 925 nasceu da paixão por joias');
  const values = page.getByRole('region', { name: 'Nossos Valores' });
  await expect(values.getByRole('heading', { level: 3 })).toHaveText(['Qualidade', 'Paixão', 'Excelência']);
  await expect(page.getByRole('link', { name: 'Ver Coleção' })).toHaveAttribute('href', '/produtos');
  await page.getByRole('link', { name: 'Fale Conosco' }).click();
  await expect(page).toHaveURL(/\/contato$/);
  await expect(page.getByRole('heading', { name: 'Contato', level: 1 })).toBeVisible();
});

test("the footer's social links come from social_links", async ({ page }) => {
  const [before] = await sql<{ link_1: string | null; link_2: string | null }>(`select link_1, link_2 from social_links where platform = 'instagram'`);
  try {
    await sql(`update social_links set link_1 = null, link_2 = 'https://instagram.com/prata925.e2e' where platform = 'instagram'`);
    // A change made in SQL reaches the cached pages once the service has seen it (its shown-state
    // watch records the event the shell's host purges on): a fraction of a second.
    await expect.poll(async () => (await fetch(`${E2E.storeUrl}/sobre`, { headers: { accept: 'text/html' } })).text(), { timeout: 5000 }).toContain('https://instagram.com/prata925.e2e');
    await page.goto('/sobre');
    const social = page.getByRole('contentinfo').getByRole('list', { name: 'Redes sociais' });
    await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/prata925.e2e');
    await expect(social.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/prata925');
    await expect(social.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5511999999999');
  } finally {
    await sql(`update social_links set link_1 = $1, link_2 = $2 where platform = 'instagram'`, [before!.link_1, before!.link_2]);
  }
});
