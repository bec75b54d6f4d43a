/**
 * Create / edit dialog of a product (admin.md 2, 4, 5, 8): name, category (the five stored
 * values), price (> 0, step 0.01), stock, description, image, and the Novo / Best Seller /
 * Destaque flags, and the status ('Ativo', or 'Rascunho' hidden from shoppers). Broken rules show under their fields (react-hook-form with `productFormSchema`,
 * the shared `productInputSchema` on the form's values). Success: 'Produto criado' or 'Produto
 * atualizado', then the dialog closes and resets; failure: 'Erro ao criar produto' / 'Erro ao
 * atualizar produto' with the service's message.
 *
 * Images: the gallery (gallery-field.tsx), saved after the product's fields through
 * `PUT /api/admin/products/:id/images` when it changed (the service then deletes the files no
 * product uses). An upload that is removed or abandoned (dialog closed) before saving is deleted
 * at once, so no file is left behind.
 *
 * Options and variants: variants-field.tsx; a product with options shows its stock as
 * the read-only sum of its variants' ('Estoque (soma das variantes)'). 'Gravação': whether the piece
 * can be engraved, its price per piece, the most characters and the production days.
 */
import { useEffect, useRef } from 'react';
import { CATEGORY_LABELS, EDITABLE_PRODUCT_STATUSES, ENGRAVING_MAX_CHARS_LIMIT, PRODUCT_CATEGORIES, PRODUCT_STATUS_LABELS, type AdminProduct, type ProductInput } from '@prata/contracts';
import { Button, Dialog, Input, Select, Textarea } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormCheckbox, FormField, useWatch, useZodForm } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { deleteProductImage } from '../api/product-images.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { GalleryField } from './gallery-field.tsx';
import { EMPTY_PRODUCT_FORM, formOf, galleryChanged, galleryInput, productFormSchema } from './product-form.ts';
import { variantStockSum } from './variant-form.ts';
import { VariantsField } from './variants-field.tsx';
import styles from './products.module.css';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const STATUS_OPTIONS = EDITABLE_PRODUCT_STATUSES.map((value) => ({ value, label: value === 'draft' ? `${PRODUCT_STATUS_LABELS[value]} (oculto da loja)` : PRODUCT_STATUS_LABELS[value] }));

export interface ProductFormDialogProps {
  open: boolean;
  /** The product being edited; null creates one. */
  product: AdminProduct | null;
  onClose: () => void;
}

export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={product ? 'Editar Produto' : 'Novo Produto'} size="lg">
      {open ? <ProductForm key={product?.id ?? 'new'} product={product} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: AdminProduct | null; onDone: () => void }) {
  const form = useZodForm(productFormSchema, { defaultValues: product ? formOf(product) : EMPTY_PRODUCT_FORM });
  const save = useSaveProduct();
  /** The keys of uploads made in this dialog and not saved yet. */
  const pendingUploads = useRef(new Set<string>());
  const saved = useRef(false);
  const hasOptions = useWatch({ control: form.control, name: 'options' }).length > 0;
  const variantRows = useWatch({ control: form.control, name: 'variants' });

  // Closing the dialog in any way (Cancelar, the close button, Escape) unmounts the form: the
  // uploads that were not saved are deleted then.
  useEffect(
    () => () => {
      if (saved.current) return;
      for (const key of pendingUploads.current) void deleteProductImage(key).catch(() => undefined);
    },
    [],
  );

  const submit = async (input: ProductInput) => {
    const values = form.getValues();
    try {
      await save.mutateAsync({ id: product?.id ?? null, input, gallery: galleryChanged(product, values) ? galleryInput(values) : undefined });
      saved.current = true;
      pendingUploads.current.clear();
      toast.success(product ? 'Produto atualizado' : 'Produto criado');
      onDone();
    } catch (error) {
      toast.error(product ? 'Erro ao atualizar produto' : 'Erro ao criar produto', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label={product ? 'Editar produto' : 'Novo produto'}>
      <div className={styles.formGrid}>
        <FormField control={form.control} name="name" label="Nome" required>
          {(control) => <Input {...control} required maxLength={200} />}
        </FormField>
        <FormField control={form.control} name="category" label="Categoria" required>
          {(control) => <Select {...control} required options={CATEGORY_OPTIONS} placeholder="Selecione" />}
        </FormField>
        <FormField control={form.control} name="price" label="Preço (R$)" required>
          {(control) => <Input {...control} required type="number" inputMode="decimal" min={0} step={0.01} />}
        </FormField>
        {hasOptions ? (
          <FormField control={form.control} name="stock" label="Estoque (soma das variantes)">
            {(control) => <Input {...control} value={String(variantStockSum(variantRows))} readOnly />}
          </FormField>
        ) : (
          <FormField control={form.control} name="stock" label="Estoque">
            {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} />}
          </FormField>
        )}
        <FormField control={form.control} name="status" label="Status">
          {(control) => <Select {...control} options={STATUS_OPTIONS} />}
        </FormField>
      </div>
      <FormField control={form.control} name="description" label="Descrição">
        {(control) => <Textarea {...control} rows={4} maxLength={5000} />}
      </FormField>
      <GalleryField
        control={form.control}
        disabled={save.isPending}
        defaultAlt={() => form.getValues('name').trim()}
        onUploaded={(key) => pendingUploads.current.add(key)}
        onRemoved={async (image) => {
          if (!pendingUploads.current.delete(image.key)) return;
          await deleteProductImage(image.key);
        }}
      />
      <VariantsField form={form} disabled={save.isPending} />
      <fieldset className={styles.flags}>
        <legend>Destaques</legend>
        <FormCheckbox control={form.control} name="isNew" label="Novo" />
        <FormCheckbox control={form.control} name="isBestseller" label="Best Seller" />
        <FormCheckbox control={form.control} name="isFeatured" label="Destaque" />
      </fieldset>
      <fieldset className={styles.flags} data-testid="engraving-fields">
        <legend>Gravação</legend>
        <FormCheckbox control={form.control} name="engravingEnabled" label="Aceita gravação personalizada" />
        <FormField control={form.control} name="engravingPrice" label="Preço da gravação por peça (R$)">
          {(control) => <Input {...control} type="number" inputMode="decimal" min={0} step={0.01} />}
        </FormField>
        <FormField control={form.control} name="engravingMaxChars" label={`Máximo de caracteres (até ${ENGRAVING_MAX_CHARS_LIMIT})`}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={ENGRAVING_MAX_CHARS_LIMIT} step={1} />}
        </FormField>
        <FormField control={form.control} name="engravingExtraDays" label="Dias úteis de produção">
          {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={30} step={1} />}
        </FormField>
      </fieldset>
      <div className={styles.formActions}>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          {product ? 'Salvar Alterações' : 'Criar Produto'}
        </Button>
      </div>
    </Form>
  );
}
