/**
 * The product dialog's form state and its conversion to the API body (admin.md 5): the price is
 * typed in reais (step 0.01) and sent in integer cents; a non-numeric price counts as 0; name and
 * description are trimmed by the shared schema (empty description -> null); stock is a whole number.
 */
import { productInputSchema, type Product, type ProductCategory, type ProductInput } from '@prata/contracts';
import { validatorSchema } from '@prata/shared-ui/form';

export interface ProductFormValues {
  name: string;
  category: ProductCategory | '';
  /** Reais as typed, e.g. "129.90". */
  price: string;
  description: string;
  imageKey: string | null;
  imageUrl: string | null;
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  stock: string;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  category: '',
  price: '',
  description: '',
  imageKey: null,
  imageUrl: null,
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: '0',
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

/** The form of an existing product. `imageKey` is the stored key behind its public URL. */
export function formOf(product: Product, imageKey: string | null): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    price: centsToPrice(product.priceCents),
    description: product.description ?? '',
    imageKey,
    imageUrl: product.imageUrl,
    isNew: product.isNew,
    isBestseller: product.isBestseller,
    isFeatured: product.isFeatured,
    stock: String(product.stock),
  };
}

/** The API body, or the field messages (by field) when a rule fails. */
export function toProductInput(values: ProductFormValues): { input: ProductInput; errors: null } | { input: null; errors: Record<string, string> } {
  const stock = values.stock.trim() === '' ? 0 : Number(values.stock);
  const candidate = {
    name: values.name,
    category: values.category,
    priceCents: priceToCents(values.price),
    description: values.description,
    imageKey: values.imageKey,
    isNew: values.isNew,
    isBestseller: values.isBestseller,
    isFeatured: values.isFeatured,
    stock,
  };
  const parsed = productInputSchema.safeParse(candidate);
  if (parsed.success) return { input: candidate as ProductInput, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field === 'priceCents' ? 'price' : field] ??= field === 'category' ? 'Categoria é obrigatória' : issue.message;
  }
  return { input: null, errors };
}

/** The dialog's schema: `toProductInput` (the shared `productInputSchema`) on the form's values, the API body as its output. */
export const productFormSchema = validatorSchema((values: ProductFormValues) => {
  const result = toProductInput(values);
  return result.input ? { success: true as const, data: result.input } : { success: false as const, errors: result.errors };
});
