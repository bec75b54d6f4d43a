/**
 * The product dialog's gallery (admin.md 4, 5, 8): up to 8 images, the first the cover.
 * 'Enviar imagens' takes one or several JPEG, PNG, GIF or WEBP files of at most 10 MB; they are
 * uploaded one by one ('Upload realizado' each) and added at the end, their alt text starting as
 * the product's name. Each image shows its preview,
 * its required alt text ('Texto alternativo'), 'Mover para cima' / 'Mover para baixo' (buttons,
 * so keyboard-accessible; the first cannot go up, the last down) and 'Remover'. Refusals and
 * failures show the toasts of admin.md 8. Fields come from the dialog's react-hook-form
 * (`gallery` array); saving sends the order as positions.
 */
import { ArrowDown, ArrowUp, ImageOff, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_GALLERY_MAX, PRODUCT_IMAGE_MESSAGES, PRODUCT_IMAGE_TYPES, type ProductInput } from '@prata/contracts';
import { Button, FilePicker, Input, Spinner, toast } from '@prata/shared-ui';
import { FormField, useFieldArray, type Control } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { preCheckImage, uploadProductImage } from '../api/product-images.ts';
import { galleryRoom, type GalleryItem, type ProductFormValues } from './product-form.ts';
import styles from './products.module.css';

export interface GalleryFieldProps {
  control: Control<ProductFormValues, unknown, ProductInput>;
  /** An image removed from the gallery: the dialog deletes an unsaved upload at once. */
  onRemoved: (image: GalleryItem) => Promise<void> | void;
  /** A new upload (the dialog deletes it if the product is not saved). */
  onUploaded: (key: string) => void;
  /** The alt text a new image starts with (the product's name; the admin may describe it better). */
  defaultAlt: () => string;
  disabled?: boolean;
}

/** The toast title of a failed upload, from the service's error code. */
function uploadFailureTitle(error: unknown): string {
  const code = (error as { body?: { error?: string } }).body?.error;
  if (code === 'invalid_file_type') return PRODUCT_IMAGE_MESSAGES.invalidType.title;
  if (code === 'file_too_large') return PRODUCT_IMAGE_MESSAGES.tooLarge.title;
  return PRODUCT_IMAGE_MESSAGES.uploadFailed.title;
}

export function GalleryField({ control, onRemoved, onUploaded, defaultAlt, disabled = false }: GalleryFieldProps) {
  const { fields, append, move, remove } = useFieldArray({ control, name: 'gallery' });
  const [uploading, setUploading] = useState(false);
  const busy = disabled || uploading;

  const upload = async (files: File[]) => {
    const room = galleryRoom({ gallery: fields });
    if (files.length > room) toast.error(`No máximo ${PRODUCT_GALLERY_MAX} imagens por produto`, { description: `Só ${room} ${room === 1 ? 'imagem foi enviada' : 'imagens foram enviadas'}.` });
    setUploading(true);
    try {
      for (const file of files.slice(0, room)) {
        const refusal = preCheckImage(file);
        if (refusal) {
          toast.error(PRODUCT_IMAGE_MESSAGES[refusal].title, { description: PRODUCT_IMAGE_MESSAGES[refusal].description });
          continue;
        }
        try {
          const { key, url } = await uploadProductImage(file);
          onUploaded(key);
          append({ key, url, alt: defaultAlt().slice(0, 200) }, { shouldFocus: false });
          toast.success('Upload realizado');
        } catch (error) {
          toast.error(uploadFailureTitle(error), { description: errorMessage(error, PRODUCT_IMAGE_MESSAGES.uploadFailed.description) });
        }
      }
    } finally {
      setUploading(false);
    }
  };

  const removeAt = async (index: number) => {
    const image = fields[index]!;
    remove(index);
    try {
      await onRemoved(image);
    } catch {
      toast.error(PRODUCT_IMAGE_MESSAGES.removeFailed.title, { description: PRODUCT_IMAGE_MESSAGES.removeFailed.description });
    }
  };

  return (
    <fieldset className={styles.imageField} aria-busy={uploading}>
      <legend>Imagens do produto</legend>
      {fields.length === 0 && !uploading ? (
        <span className={styles.noImage}>
          <ImageOff size={28} aria-hidden="true" /> Sem imagem
        </span>
      ) : null}
      <ol className={styles.gallery}>
        {fields.map((image, index) => (
          <li key={image.id} className={styles.galleryItem}>
            <div className={styles.preview}>
              <img src={image.url} alt="" width={120} height={120} data-testid="product-image-preview" />
            </div>
            <div className={styles.galleryControls}>
              <FormField control={control} name={`gallery.${index}.alt`} label={`Texto alternativo da imagem ${index + 1}${index === 0 ? ' (capa)' : ''}`} required>
                {(field) => <Input {...field} required maxLength={200} placeholder="Ex.: Anel visto de frente" />}
              </FormField>
              <div className={styles.imageActions}>
                <Button variant="ghost" size="sm" onClick={() => move(index, index - 1)} disabled={busy || index === 0} aria-label={`Mover imagem ${index + 1} para cima`}>
                  <ArrowUp size={16} aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="sm" onClick={() => move(index, index + 1)} disabled={busy || index === fields.length - 1} aria-label={`Mover imagem ${index + 1} para baixo`}>
                  <ArrowDown size={16} aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void removeAt(index)} disabled={busy} aria-label={`Remover imagem ${index + 1}`}>
                  <Trash2 size={16} aria-hidden="true" /> Remover
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <div className={styles.imageActions}>
        {uploading ? <Spinner label="Enviando imagem..." showLabel /> : null}
        <FilePicker accept={Object.keys(PRODUCT_IMAGE_TYPES).join(',')} multiple onFiles={(files) => void upload(files)} disabled={busy || fields.length >= PRODUCT_GALLERY_MAX}>
          <Upload size={16} aria-hidden="true" /> Enviar imagem
        </FilePicker>
        <p className={styles.hint}>
          Até {PRODUCT_GALLERY_MAX} imagens (a primeira é a capa): JPEG, PNG, GIF ou WEBP, até 10MB cada. Descreva cada uma para quem usa leitor de tela.
        </p>
      </div>
    </fieldset>
  );
}
