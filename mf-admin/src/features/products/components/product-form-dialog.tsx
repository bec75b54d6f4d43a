/**
 * Create / edit dialog of a product (admin.md 2, 4, 5, 8): name, category (the five stored
 * values), price (> 0, step 0.01), stock, description, image, and the Novo / Best Seller /
 * Destaque flags. Broken rules show under their fields. Success: 'Produto criado' or 'Produto
 * atualizado', then the dialog closes and resets; failure: 'Erro ao criar produto' / 'Erro ao
 * atualizar produto' with the service's message.
 *
 * Images: a new upload replaces the picture only when the product is saved (the service then
 * deletes the old file); an upload that is removed, replaced or abandoned (dialog closed) before
 * saving is deleted at once, so no file is left behind.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, storageKeyFromUrl, type Product } from '@prata/contracts';
import { Button, Checkbox, Dialog, SelectField, TextField, TextareaField, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { deleteProductImage } from '../api/product-images.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { ImageUploadField } from './image-upload-field.tsx';
import { EMPTY_PRODUCT_FORM, formOf, toProductInput, type ProductFormValues } from './product-form.ts';
import styles from './products.module.css';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

export interface ProductFormDialogProps {
  open: boolean;
  /** The product being edited; null creates one. */
  product: Product | null;
  onClose: () => void;
}

export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={product ? 'Editar Produto' : 'Novo Produto'} size="lg">
      {open ? <ProductForm key={product?.id ?? 'new'} product={product} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const [values, setValues] = useState<ProductFormValues>(() => (product ? formOf(product, storageKeyFromUrl(product.imageUrl)) : EMPTY_PRODUCT_FORM));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProduct();
  /** The key of an upload made in this dialog and not saved yet. */
  const pendingUpload = useRef<string | null>(null);
  const saved = useRef(false);
  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const discardPendingUpload = async () => {
    const key = pendingUpload.current;
    pendingUpload.current = null;
    if (key) await deleteProductImage(key);
  };

  // Closing the dialog in any way (Cancelar, the close button, Escape) unmounts the form: an
  // upload that was not saved is deleted then.
  useEffect(
    () => () => {
      const key = pendingUpload.current;
      if (key && !saved.current) void deleteProductImage(key).catch(() => undefined);
    },
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = toProductInput(values);
    setErrors(result.errors ?? {});
    if (!result.input) return;
    try {
      await save.mutateAsync({ id: product?.id ?? null, input: result.input });
      saved.current = true;
      pendingUpload.current = null;
      toast.success(product ? 'Produto atualizado' : 'Produto criado');
      onDone();
    } catch (error) {
      toast.error(product ? 'Erro ao atualizar produto' : 'Erro ao criar produto', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label={product ? 'Editar produto' : 'Novo produto'} noValidate>
      <div className={styles.formGrid}>
        <TextField label="Nome" required value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} maxLength={200} />
        <SelectField
          label="Categoria"
          required
          value={values.category}
          onChange={(e) => set('category', e.target.value as ProductFormValues['category'])}
          options={CATEGORY_OPTIONS}
          placeholder="Selecione"
          error={errors.category}
        />
        <TextField label="Preço (R$)" required type="number" inputMode="decimal" min={0} step={0.01} value={values.price} onChange={(e) => set('price', e.target.value)} error={errors.price} />
        <TextField label="Estoque" type="number" inputMode="numeric" min={0} step={1} value={values.stock} onChange={(e) => set('stock', e.target.value)} error={errors.stock} />
      </div>
      <TextareaField label="Descrição" rows={4} value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description} maxLength={5000} />
      <ImageUploadField
        imageUrl={values.imageUrl}
        disabled={save.isPending}
        onUploaded={(key, url) => {
          void discardPendingUpload().catch(() => undefined);
          pendingUpload.current = key;
          setValues((current) => ({ ...current, imageKey: key, imageUrl: url }));
        }}
        onRemove={async () => {
          await discardPendingUpload();
          setValues((current) => ({ ...current, imageKey: null, imageUrl: null }));
        }}
      />
      <fieldset className={styles.flags}>
        <legend>Destaques</legend>
        <Checkbox label="Novo" checked={values.isNew} onChange={(e) => set('isNew', e.target.checked)} />
        <Checkbox label="Best Seller" checked={values.isBestseller} onChange={(e) => set('isBestseller', e.target.checked)} />
        <Checkbox label="Destaque" checked={values.isFeatured} onChange={(e) => set('isFeatured', e.target.checked)} />
      </fieldset>
      <div className={styles.formActions}>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          {product ? 'Salvar Alterações' : 'Criar Produto'}
        </Button>
      </div>
    </form>
  );
}
