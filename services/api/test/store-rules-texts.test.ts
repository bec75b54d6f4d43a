/**
 * The demo store's offers and the default texts that state the store's rules, against real
 * PostgreSQL: a fresh demo store gets a 5 % PIX discount and free shipping from R$ 299,00 (never
 * over what an owner saved); the default terms, exchange policy, delivery and contact texts are
 * written from the settings (free shipping, PIX discount, the boleto's hold, the new PIX window,
 * the contact), and none claims free shipping the store does not give; after the first insert, a
 * settings change made in the panel rewrites the texts the owner has not edited (over HTTP, the
 * `StoreSettingsChanged` subscriber; the new PIX window from the recovery settings too) and leaves an edited one as the owner wrote it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLMENT_RULES, WITHDRAWAL_DAYS } from '@prata/contracts';
import { ContentService, contentHash } from '../src/modules/content/content.service.ts';
import { DEFAULT_STORE_RULES, defaultContentSections, type StoreRules } from '../src/modules/content/content-defaults.ts';
import { StoreSettingsService } from '../src/modules/settings/index.ts';
import { DEMO_STORE_OFFERS, seedDemoStoreSettings } from '../src/seeding/demo-store-settings.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let owner: SignedIn;
beforeAll(async () => {
  service = await createTestService();
  owner = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

const textOf = (rules: StoreRules, key: string) => defaultContentSections(rules).find((section) => section.sectionKey === key)!.content;

describe('the demo store', () => {
  it('starts with a 5 % PIX discount and free shipping from R$ 299,00, and never overwrites what an owner saved', async () => {
    const connection = service.db.orm.em.fork().getConnection();
    await connection.execute('delete from store_settings');
    expect(await seedDemoStoreSettings(service.db.orm.em.fork(), 3)).toBe(true);
    expect(await new StoreSettingsService(service.db.orm.em.fork()).offers()).toEqual({ pixDiscountPercent: 5, freeShippingThresholdCents: 29_900, freeShippingRegions: null, installments: DEFAULT_INSTALLMENT_RULES, giftWrap: { enabled: true, priceCents: 990 } });
    await connection.execute('update store_settings set pix_discount_percent = 0');
    expect(await seedDemoStoreSettings(service.db.orm.em.fork(), 3)).toBe(false);
    expect((await new StoreSettingsService(service.db.orm.em.fork()).offers()).pixDiscountPercent).toBe(0);
  });
});

describe('the default texts', () => {
  const demo: StoreRules = { ...DEFAULT_STORE_RULES, ...DEMO_STORE_OFFERS };

  it("state the demo store's offers, the boleto's hold and the new PIX window from the settings", () => {
    const terms = textOf(demo, 'terms_of_service');
    expect(terms).toContain('Pagando com PIX você tem 5% de desconto.');
    expect(terms).toContain('Frete grátis para todo o Brasil em compras a partir de R$ 299,00');
    expect(terms).toContain('O boleto vence em 3 dias úteis, mas as peças ficam reservadas só até o fim do dia útil seguinte.');
    expect(terms).toContain('por 7 dias você ainda pode gerar um novo PIX ou boleto para o mesmo pedido');
    expect(textOf(demo, 'shipping_info').startsWith('Frete grátis para todo o Brasil em compras a partir de R$ 299,00')).toBe(true);
    expect(textOf(demo, 'about_us')).toContain('frete grátis a partir de R$ 299,00');

    const other = textOf({ ...demo, boletoHoldBusinessDays: 2, paymentRenewalWindowDays: 3, freeShippingRegions: ['SE', 'S'], freeShippingThresholdCents: 150_000 }, 'terms_of_service');
    expect(other).toContain('as peças ficam reservadas só por 2 dias úteis');
    expect(other).toContain('por 3 dias você ainda pode gerar');
    expect(other).toContain('Frete grátis para Sudeste e Sul em compras a partir de R$ 1.500,00');
  });

  it("state the card instalments of the store's rules", () => {
    const card = (installments: StoreRules['installments']) => textOf({ ...demo, installments }, 'terms_of_service');
    expect(textOf(demo, 'terms_of_service')).toContain('Aceitamos PIX, cartão de crédito em até 12x sem juros e boleto.');
    const rules = { maxInstallments: 10, minInstallmentCents: 500, interestFreeInstallments: 6, monthlyInterestPercent: 2.99 };
    expect(card(rules)).toContain('cartão de crédito em até 10x (até 6x sem juros; acima disso, juros de 2,99% ao mês) e boleto.');
    expect(card({ ...rules, interestFreeInstallments: 1 })).toContain('cartão de crédito em até 10x com juros de 2,99% ao mês e boleto.');
    expect(card({ ...rules, maxInstallments: 1, interestFreeInstallments: 1 })).toContain('cartão de crédito à vista e boleto.');
  });

  it('claim no free shipping and no PIX discount the store does not give', () => {
    for (const section of defaultContentSections(DEFAULT_STORE_RULES)) {
      expect(section.content).not.toContain('Frete grátis');
      expect(section.content).not.toContain('frete grátis');
      expect(section.content).not.toContain('de desconto');
    }
    expect(textOf(DEFAULT_STORE_RULES, 'shipping_info')).toContain('O frete é calculado no carrinho e no checkout pelo CEP de entrega.');
  });

  it('give the exchange policy the store runs (the order page, the withdrawal right) and the contact from the settings', () => {
    const contact = { phone: '(31) 3333-4444', email: 'contato@loja.example' };
    const policy = textOf({ ...demo, contact }, 'exchange_policy');
    expect(policy).toContain('em até 30 dias corridos após o recebimento');
    expect(policy).toContain(`Nos primeiros ${WITHDRAWAL_DAYS} dias (direito de arrependimento`);
    expect(policy).toContain('escolha Devolver ou trocar');
    expect(policy).toContain('(31) 3333-4444');
    expect(policy).not.toContain('Fale conosco pelo WhatsApp');
    expect(textOf({ ...demo, contact }, 'contact_info')).toContain('WhatsApp e telefone: (31) 3333-4444');
  });

  it("are inserted from the store's settings when missing", async () => {
    const connection = service.db.orm.em.fork().getConnection();
    await connection.execute("delete from content_sections where section_key = 'terms_of_service'");
    await new ContentService(service.db.orm.em.fork()).ensureDefaults(demo);
    const [row] = await connection.execute<{ content: string }[]>("select content from content_sections where section_key = 'terms_of_service'");
    expect(row!.content).toContain('5% de desconto');
  });
});

describe('the default texts after the first insert', () => {
  const put = (url: string, payload: object) => service.app.inject({ method: 'PUT', url, headers: bearer(owner), payload });
  const section = async (key: string) => (await service.app.inject({ method: 'GET', url: `/api/content/${key}` })).json().content as string;

  it("follow a settings change where the owner has not edited them, and keep the owner's edited text", async () => {
    const connection = service.db.orm.em.fork().getConnection();
    // A fresh store: the texts generated from the current settings, each with the hash of its text.
    await connection.execute('delete from content_sections');
    await new ContentService(service.db.orm.em.fork()).ensureDefaults(DEFAULT_STORE_RULES);
    const rows = await connection.execute<{ content: string; generated_hash: string }[]>("select content, generated_hash from content_sections where section_key = 'terms_of_service'");
    expect(rows[0]!.generated_hash).toBe(contentHash(rows[0]!.content));
    expect(await section('terms_of_service')).not.toContain('de desconto');

    const owners = 'Enviamos pelos Correios. Frete calculado no checkout; dúvidas pelo WhatsApp da loja.';
    expect((await put('/api/admin/content/shipping_info', { title: 'Envio', content: owners })).statusCode).toBe(200);
    expect((await put('/api/admin/settings/pix-discount', { percent: 7 })).statusCode).toBe(200);
    expect((await put('/api/admin/settings/free-shipping', { thresholdCents: 45_000, regions: null })).statusCode).toBe(200);

    await expect.poll(() => section('terms_of_service'), { timeout: 15_000 }).toContain('Pagando com PIX você tem 7% de desconto.');
    await expect.poll(() => section('terms_of_service'), { timeout: 15_000 }).toContain('Frete grátis para todo o Brasil em compras a partir de R$ 450,00');
    await expect.poll(() => section('about_us'), { timeout: 15_000 }).toContain('frete grátis a partir de R$ 450,00');
    expect(await section('shipping_info')).toBe(owners);

    // The new-PIX window, set in the panel's recovery settings, is the one the terms state.
    expect(await section('terms_of_service')).toContain('por 7 dias você ainda pode gerar um novo PIX ou boleto');
    const recovery = (await service.app.inject({ method: 'GET', url: '/api/admin/settings/recovery', headers: bearer(owner) })).json() as object;
    expect((await put('/api/admin/settings/recovery', { ...recovery, paymentRenewalWindowDays: 10 })).statusCode).toBe(200);
    await expect.poll(() => section('terms_of_service'), { timeout: 15_000 }).toContain('por 10 dias você ainda pode gerar um novo PIX ou boleto');

    // The instalment rules, set on the panel's sales page.
    expect((await put('/api/admin/settings/installments', { maxInstallments: 10, minInstallmentCents: 500, interestFreeInstallments: 6, monthlyInterestPercent: 2.99 })).statusCode).toBe(200);
    await expect.poll(() => section('terms_of_service'), { timeout: 15_000 }).toContain('cartão de crédito em até 10x (até 6x sem juros; acima disso, juros de 2,99% ao mês)');
    expect((await put('/api/admin/settings/installments', { maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 12, monthlyInterestPercent: 0 })).statusCode).toBe(200);
    await expect.poll(() => section('terms_of_service'), { timeout: 15_000 }).toContain('cartão de crédito em até 12x sem juros');

    // Back to no discount: the unedited text drops the sentence again.
    expect((await put('/api/admin/settings/pix-discount', { percent: 0 })).statusCode).toBe(200);
    await expect.poll(() => section('terms_of_service'), { timeout: 15_000 }).not.toContain('de desconto');
    expect(await section('shipping_info')).toBe(owners);
  });
});
