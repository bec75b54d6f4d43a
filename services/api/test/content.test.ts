/**
 * Content API against real PostgreSQL (admin.md 3 and 7; storefront.md 2 policy pages and
 * footer): the six default sections, one section by key, the 404 text, the social links
 * defaults, defaults inserted only when missing, the migration matching the entities, and
 * every content route declaring public access.
 */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECTION_KEYS, contentSectionListSchema, contentSectionSchema, socialLinksListSchema } from '@prata/contracts';
import accessPlugin, { type RouteAccess } from '../src/plugins/access.ts';
import contentRoutes from '../src/modules/content/routes.ts';
import { ContentService } from '../src/modules/content/content.service.ts';
import { DEFAULT_CONTENT_SECTIONS } from '../src/modules/content/content-defaults.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;

beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service?.close());

async function get(url: string) {
  return service.app.inject({ method: 'GET', url });
}

async function sql(query: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  return service.db.orm.em.fork().getConnection().execute(query, params);
}

describe('GET /api/content', () => {
  it('lists the default sections with their titles, ordered by section key', async () => {
    const response = await get('/api/content');
    expect(response.statusCode).toBe(200);
    const sections = contentSectionListSchema.parse(response.json());
    expect(sections.map((s) => s.sectionKey)).toEqual([...CONTENT_SECTION_KEYS].sort());
    const titles = Object.fromEntries(sections.map((s) => [s.sectionKey, s.title]));
    expect(titles).toEqual({
      privacy_policy: 'Política de Privacidade',
      terms_of_service: 'Termos de Serviço',
      exchange_policy: 'Política de Troca e Devolução',
      shipping_info: 'Informações de Entrega',
      about_us: 'Sobre Nós',
      contact_info: 'Informações de Contato',
      size_guide: 'Guia de tamanhos',
    });
    expect(sections.every((s) => s.content.length > 100)).toBe(true);
  });
});

describe('GET /api/content/:key', () => {
  it('returns the ring size guide with the aro table in mm', async () => {
    const section = contentSectionSchema.parse((await get('/api/content/size_guide')).json());
    expect(section.content).toContain('Como medir seu aro em casa');
    // Aro N is an inner circumference of N + 40 mm; the diameter is the circumference over pi.
    expect(section.content).toContain(`Aro 14: 54 mm de circunferência, ${(54 / Math.PI).toFixed(1).replace('.', ',')} mm de diâmetro`);
    expect(section.content.match(/^Aro \d+:/gm)).toHaveLength(21);
  });

  it('returns one section', async () => {
    const response = await get('/api/content/exchange_policy');
    expect(response.statusCode).toBe(200);
    const section = contentSectionSchema.parse(response.json());
    expect(section.title).toBe('Política de Troca e Devolução');
    // The business constants of storefront.md 9.
    for (const fact of ['30 dias corridos', '7 dias corridos', 'até 2 faturas', 'Cartão de débito: até 5 dias úteis', 'PIX: até 2 dias úteis', 'Boleto: até 5 dias úteis', 'Garantia legal: 30 dias', 'Garantia contratual: 90 dias', '1 ano', '6 meses']) {
      expect(section.content).toContain(fact);
    }
    expect((await get('/api/content/privacy_policy')).json().content).toContain('maiores de 18 anos');
    expect((await get('/api/content/shipping_info')).json().content).toMatch(/3 a 7 dias úteis[\s\S]*5 a 15 dias úteis/);
  });

  it('serves what is stored, including edits', async () => {
    await sql(`update content_sections set content = ? where section_key = 'terms_of_service'`, ['Texto editado.\n\nSegundo parágrafo.']);
    expect((await get('/api/content/terms_of_service')).json()).toMatchObject({ title: 'Termos de Serviço', content: 'Texto editado.\n\nSegundo parágrafo.' });
  });

  it("answers 404 'Conteúdo não encontrado' for an unknown key and 400 for a malformed one", async () => {
    const missing = await get('/api/content/refund_policy');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Conteúdo não encontrado' });
    const malformed = await get('/api/content/Pol%C3%ADtica');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0].message).toBe('Chave de conteúdo inválida');
  });
});

describe('GET /api/social-links', () => {
  it('returns the four platforms with their default first link', async () => {
    const response = await get('/api/social-links');
    expect(response.statusCode).toBe(200);
    expect(socialLinksListSchema.parse(response.json())).toEqual([
      { platform: 'instagram', link1: 'https://instagram.com/prata925', link2: null, link3: null, link4: null },
      { platform: 'facebook', link1: 'https://facebook.com/prata925', link2: null, link3: null, link4: null },
      { platform: 'telegram', link1: 'https://t.me/prata925', link2: null, link3: null, link4: null },
      { platform: 'whatsapp', link1: 'https://wa.me/5511999999999', link2: null, link3: null, link4: null },
    ]);
  });

  it('refuses a platform outside the four (check constraint) and a second row per platform (unique)', async () => {
    await expect(sql(`insert into social_links (id, platform, updated_at) values (gen_random_uuid(), 'tiktok', now())`)).rejects.toThrow(/social_links_platform_check/);
    await expect(sql(`insert into social_links (id, platform, updated_at) values (gen_random_uuid(), 'instagram', now())`)).rejects.toThrow(/social_links_platform_unique/);
  });
});

describe('default rows', () => {
  it('are inserted only when missing: edits survive, deleted keys come back', async () => {
    await sql(`update content_sections set title = 'Privacidade (editado)' where section_key = 'privacy_policy'`);
    await sql(`update social_links set link_1 = null, link_2 = 'https://instagram.com/outra' where platform = 'instagram'`);
    await sql(`delete from content_sections where section_key = 'about_us'`);
    await sql(`delete from social_links where platform = 'telegram'`);

    const inserted = await new ContentService(service.db.orm.em.fork()).ensureDefaults();
    expect(inserted).toBe(2);
    expect((await get('/api/content/privacy_policy')).json().title).toBe('Privacidade (editado)');
    expect((await get('/api/content/about_us')).json()).toMatchObject({
      title: 'Sobre Nós',
      content: DEFAULT_CONTENT_SECTIONS.find((s) => s.sectionKey === 'about_us')!.content,
    });
    const links = socialLinksListSchema.parse((await get('/api/social-links')).json());
    expect(links.find((l) => l.platform === 'instagram')).toMatchObject({ link1: null, link2: 'https://instagram.com/outra' });
    expect(links.find((l) => l.platform === 'telegram')).toMatchObject({ link1: 'https://t.me/prata925' });
    expect(await new ContentService(service.db.orm.em.fork()).ensureDefaults()).toBe(0);
  });
});

describe('schema', () => {
  it('the hand-written migration matches the entities (no pending schema change for the content tables)', async () => {
    // MikroORM always re-emits triggers: those lines are left out.
    const diff = (await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false })).split('\n').filter((line) => !/trigger|function/.test(line));
    expect(diff.filter((line) => /content_sections|social_links/.test(line))).toEqual([]);
  });
});

describe('route access', () => {
  it('every content read is public and every edit admin-only', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const declared = new Map<string, RouteAccess | undefined>();
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') declared.set(`${String(route.method)} ${route.url}`, (route.config as { access?: RouteAccess } | undefined)?.access);
    });
    await app.register(accessPlugin);
    app.decorate('orm', service.db.orm);
    app.decorate('config', service.config);
    app.decorate('events', service.app.events);
    await app.register(contentRoutes);
    await app.ready();
    expect(Object.fromEntries(declared)).toEqual({
      'GET /api/content': 'public',
      'GET /api/content/:key': 'public',
      'GET /api/social-links': 'public',
      'PUT /api/admin/content/:key': 'admin',
      'PUT /api/admin/social-links': 'admin',
    });
    await app.close();
  });
});
