/**
 * The product dialog's form state and its conversion to the API body (admin.md 5): the price is
 * typed in reais (step 0.01) and sent in integer cents; a non-numeric price counts as 0; name and
 * description are trimmed by the shared schema (empty description -> null); stock is a whole number.
 * The gallery: at most 8 uploaded images in order, each with a required alt text; the
 * first is the cover (`imageKey`). The status: active (shown to shoppers) or draft.
 * Options and variants (variant-form.ts): with options, the product's stock is the sum
 * of its variants' and the stock field is not sent as typed.
 * 'Gravação': on/off, its price per piece in reais, the most characters and the production days
 * (contracts `engravingSettingsSchema`); a product without it sends it off with the defaults.
 */
import { NO_ENGRAVING, type EngravingSettings } from '@prata/contracts/gifts';
import { PRODUCT_GALLERY_MAX, productGalleryInputSchema, productInputSchema, storageKeyFromUrl, type Product, type ProductCategory, type ProductGalleryInput, type ProductInput, type ProductStatus } from '@prata/contracts';
import { validatorSchema } from '@prata/shared-ui/form';
import { optionsInput, unitsOf, variantFormOf, variantStockSum, variantsInput, type OptionFormValue, type VariantFormValue } from './variant-form.ts';

/** One image of the dialog's gallery. */
export interface GalleryItem {
  key: string;
  url: string;
  alt: string;
}

export interface ProductFormValues {
  name: string;
  category: ProductCategory | '';
  /** Reais as typed, e.g. "129.90". */
  price: string;
  description: string;
  /** The gallery in order: stored key, public URL (preview) and alt text. */
  gallery: GalleryItem[];
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  stock: string;
  /** Options with their values as typed; empty for a product without options. */
  options: OptionFormValue[];
  /** The variants grid, one row per combination of the options. */
  variants: VariantFormValue[];
  /** Active (in the catalogue) or draft (hidden from shoppers). */
  status: 'active' | 'draft';
  /** 'Gravação': offered, price in reais as typed, most characters and production days as typed. */
  engravingEnabled: boolean;
  engravingPrice: string;
  engravingMaxChars: string;
  engravingExtraDays: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  category: '',
  price: '',
  description: '',
  gallery: [],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: '0',
  options: [],
  variants: [],
  status: 'active',
  engravingEnabled: NO_ENGRAVING.enabled,
  engravingPrice: '0.00',
  engravingMaxChars: String(NO_ENGRAVING.maxChars),
  engravingExtraDays: String(NO_ENGRAVING.extraDays),
};

/** Reais typed with a dot or a comma -> integer cents; anything non-numeric -> 0 (admin.md 5). */
export function priceToCents(price: string): number {
  const value = Number(price.trim().replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Cents -> the reais shown in the price field ("129.90"). */
export function centsToPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The form of an existing product: its gallery's images with the stored keys behind their URLs. */
export function formOf(product: Product & { status?: ProductStatus }): ProductFormValues {
  const gallery = product.images.flatMap((image) => {
    const key = storageKeyFromUrl(image.url);
    return key ? [{ key, url: image.url, alt: image.alt }] : [];
  });
  return {
    name: product.name,
    category: product.category,
    price: centsToPrice(product.priceCents),
    description: product.description ?? '',
    gallery,
    isNew: product.isNew,
    isBestseller: product.isBestseller,
    isFeatured: product.isFeatured,
    stock: String(product.stock),
    ...variantFormOf(product, centsToPrice),
    status: product.status === 'draft' ? 'draft' : 'active',
    ...engravingFormOf(product.engraving ?? NO_ENGRAVING),
  };
}

function engravingFormOf(engraving: EngravingSettings): Pick<ProductFormValues, 'engravingEnabled' | 'engravingPrice' | 'engravingMaxChars' | 'engravingExtraDays'> {
  return { engravingEnabled: engraving.enabled, engravingPrice: centsToPrice(engraving.priceCents), engravingMaxChars: String(engraving.maxChars), engravingExtraDays: String(engraving.extraDays) };
}

/** A whole number as typed; NaN for anything else (the schema then names the field). */
const wholeNumber = (typed: string) => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : Number.NaN);

/** The API body, or the field messages (by field) when a rule fails. */
export function toProductInput(values: ProductFormValues): { input: ProductInput; errors: null } | { input: null; errors: Record<string, string> } {
  const withVariants = values.options.length > 0;
  const stock = withVariants ? variantStockSum(values.variants) : unitsOf(values.stock);
  const candidate = {
    name: values.name,
    category: values.category,
    priceCents: priceToCents(values.price),
    description: values.description,
    imageKey: values.gallery[0]?.key ?? null,
    isNew: values.isNew,
    isBestseller: values.isBestseller,
    isFeatured: values.isFeatured,
    stock,
    options: optionsInput(values.options),
    variants: withVariants ? variantsInput(values.variants, priceToCents) : [],
    status: values.status,
    engraving: { enabled: values.engravingEnabled, priceCents: priceToCents(values.engravingPrice), maxChars: wholeNumber(values.engravingMaxChars), extraDays: wholeNumber(values.engravingExtraDays) },
  };
  const parsed = productInputSchema.safeParse(candidate);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    errors[formFieldOf(issue.path)] ??= issue.path[0] === 'category' ? 'Categoria é obrigatória' : issue.message;
  }
  // The gallery's rules (alt text required, at most 8), on each image's alt field.
  for (const issue of productGalleryInputSchema.safeParse(galleryInput(values)).error?.issues ?? []) {
    errors[issue.path.length > 2 ? `gallery.${String(issue.path[1])}.${String(issue.path[2])}` : 'gallery'] ??= issue.message;
  }
  if (Object.keys(errors).length === 0) return { input: candidate as ProductInput, errors: null };
  return { input: null, errors };
}

/**
 * The form field a schema issue belongs to: `priceCents` -> `price`; an option's or a variant's
 * issue -> its row's field (`options.0.values`, `variants.2.sku`, `variants.2.price`,
 * `variants.2.options` for a row's combination); `options` / `variants` for the lists themselves.
 */
function formFieldOf(path: readonly PropertyKey[]): string {
  const [list, index, field] = path.map(String);
  if (list === 'engraving') return { priceCents: 'engravingPrice', maxChars: 'engravingMaxChars', extraDays: 'engravingExtraDays' }[index ?? ''] ?? 'engravingEnabled';
  if ((list === 'options' || list === 'variants') && index !== undefined && field !== undefined) return `${list}.${index}.${field === 'priceCents' ? 'price' : field}`;
  return list === 'priceCents' ? 'price' : (list ?? '');
}

/** The body of `PUT /api/admin/products/:id/images` from the dialog's gallery (order = position). */
export function galleryInput(values: Pick<ProductFormValues, 'gallery'>): ProductGalleryInput {
  return { images: values.gallery.map((image) => ({ key: image.key, alt: image.alt })) };
}

/** Whether the gallery differs from the product's (order, images or alt texts), so it must be saved. */
export function galleryChanged(product: Product | null, values: Pick<ProductFormValues, 'gallery'>): boolean {
  const before = product ? galleryInput(formOf(product)).images : [];
  const after = galleryInput(values).images;
  return before.length !== after.length || before.some((image, index) => image.key !== after[index]!.key || image.alt !== after[index]!.alt.trim());
}

/** How many more images the gallery takes. */
export function galleryRoom(values: Pick<ProductFormValues, 'gallery'>): number {
  return Math.max(0, PRODUCT_GALLERY_MAX - values.gallery.length);
}

/** The dialog's schema: `toProductInput` (the shared `productInputSchema`) on the form's values, the API body as its output. */
export const productFormSchema = validatorSchema((values: ProductFormValues) => {
  const result = toProductInput(values);
  return result.input ? { success: true as const, data: result.input } : { success: false as const, errors: result.errors };
});
