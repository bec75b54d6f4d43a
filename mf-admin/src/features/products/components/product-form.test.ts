/** The product dialog's rules (admin.md 5) and the reais -> cents conversion. */
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, formOf, galleryChanged, galleryInput, galleryRoom, priceToCents, productFormSchema, toProductInput } from './product-form.ts';

describe('priceToCents', () => {
  it.each([
    ['129.90', 12_990],
    ['129,9', 12_990],
    ['0.01', 1],
    ['19.999', 2_000],
    ['abc', 0],
    ['', 0],
  ])('%s -> %i cents', (price, cents) => expect(priceToCents(price)).toBe(cents));
});

describe('toProductInput', () => {
  it('sends trimmed text, cents and null for an empty description', () => {
    const result = toProductInput({ ...EMPTY_PRODUCT_FORM, name: ' Anel ', category: 'aneis', price: '49.90', description: '   ', stock: '3' });
    expect(result.errors).toBeNull();
    expect(result.input).toMatchObject({ name: ' Anel ', category: 'aneis', priceCents: 4_990, stock: 3 });
  });

  it("sends the engraving: price per piece in cents, limit and days; each broken rule on its field", () => {
    const values = { ...EMPTY_PRODUCT_FORM, name: 'Anel', category: 'aneis' as const, price: '49.90', stock: '3' };
    expect(toProductInput(values).input).toMatchObject({ engraving: { enabled: false, priceCents: 0, maxChars: 20, extraDays: 0 } });
    const engraved = { ...values, engravingEnabled: true, engravingPrice: '25,00', engravingMaxChars: '12', engravingExtraDays: '3' };
    expect(toProductInput(engraved).input).toMatchObject({ engraving: { enabled: true, priceCents: 2_500, maxChars: 12, extraDays: 3 } });
    expect(toProductInput({ ...engraved, engravingMaxChars: '41', engravingExtraDays: '1.5' }).errors).toEqual({ engravingMaxChars: 'No máximo 40 caracteres', engravingExtraDays: 'Prazo de produção inválido' });
  });

  it('sends the status: active by default, draft when chosen', () => {
    const values = { ...EMPTY_PRODUCT_FORM, name: 'Anel', category: 'aneis' as const, price: '10' };
    expect(toProductInput(values).input).toMatchObject({ status: 'active' });
    expect(toProductInput({ ...values, status: 'draft' }).input).toMatchObject({ status: 'draft' });
  });

  it("keeps a draft's status in the form", () => {
    const product = { id: 'a', slug: 'anel', name: 'Anel', category: 'aneis' as const, priceCents: 1000, description: null, imageUrl: null, images: [], isNew: false, isBestseller: false, isFeatured: false, stock: 1, available: 1, options: [], variants: [], rating: null, createdAt: new Date(0).toISOString() };
    expect(formOf({ ...product, status: 'draft' }).status).toBe('draft');
    expect(formOf({ ...product, status: 'active' }).status).toBe('active');
  });

  it('names the broken rules: name after trimming, category, price above zero, whole stock', () => {
    const result = toProductInput({ ...EMPTY_PRODUCT_FORM, name: '   ', price: '0', stock: '1.5' });
    expect(result.errors).toEqual({
      name: 'Nome é obrigatório',
      category: 'Categoria é obrigatória',
      price: 'O preço deve ser maior que zero',
      stock: expect.any(String),
    });
  });
});

describe('productFormSchema (the dialog form resolver)', () => {
  const resolve = (values: typeof EMPTY_PRODUCT_FORM) => zodResolver(productFormSchema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("puts each broken rule on the dialog's field (price, not priceCents)", async () => {
    const { errors } = await resolve({ ...EMPTY_PRODUCT_FORM, price: '0' });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toMatchObject({
      name: 'Nome é obrigatório',
      category: 'Categoria é obrigatória',
      price: 'O preço deve ser maior que zero',
    });
  });

  it('outputs the API body of a valid form', async () => {
    const { values, errors } = await resolve({ ...EMPTY_PRODUCT_FORM, name: 'Anel', category: 'aneis', price: '129,90', stock: '2' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ name: 'Anel', category: 'aneis', priceCents: 12_990, stock: 2 });
  });
});

describe('the gallery', () => {
  const valid = { ...EMPTY_PRODUCT_FORM, name: 'Anel', category: 'aneis' as const, price: '10', stock: '1' };
  const image = (n: number, alt = `Foto ${n}`) => ({ key: `products/1700000000000-${String(n).padStart(12, '0')}.png`, url: `https://api/storage/product-images/products/${n}.png`, alt });

  it('makes the first image the cover and sends the gallery in order', () => {
    const values = { ...valid, gallery: [image(2), image(1)] };
    expect(toProductInput(values).input?.imageKey).toBe(image(2).key);
    expect(galleryInput(values)).toEqual({ images: [{ key: image(2).key, alt: 'Foto 2' }, { key: image(1).key, alt: 'Foto 1' }] });
  });

  it('requires an alt text on each image, on that image field', () => {
    expect(toProductInput({ ...valid, gallery: [image(1), image(2, '  ')] }).errors).toEqual({ 'gallery.1.alt': 'Descreva a imagem (texto alternativo)' });
  });

  it('takes at most 8 images', () => {
    const nine = Array.from({ length: 9 }, (_, n) => image(n));
    expect(toProductInput({ ...valid, gallery: nine }).errors).toEqual({ gallery: 'No máximo 8 imagens por produto' });
    expect(galleryRoom({ gallery: nine.slice(0, 6) })).toBe(2);
  });

  it('saves the gallery only when it changed', () => {
    expect(galleryChanged(null, { gallery: [] })).toBe(false);
    expect(galleryChanged(null, { gallery: [image(1)] })).toBe(true);
  });
});
