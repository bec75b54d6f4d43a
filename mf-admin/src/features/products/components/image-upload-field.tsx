/**
 * The product image in the dialog (admin.md 4 "Image upload: idle, uploading, then preview or
 * error; preview can be removed", 5, 8): choose a JPEG, PNG, GIF or WEBP of at most 10 MB; it is
 * uploaded at once ('Upload realizado') and previewed; 'Remover imagem' empties it. Refusals and
 * failures show the toasts of admin.md 8 (the service's message when it gave one).
 */
import { ImageOff, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_IMAGE_MESSAGES, PRODUCT_IMAGE_TYPES } from '@prata/contracts';
import { Button, FilePicker, Spinner, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { preCheckImage, uploadProductImage } from '../api/product-images.ts';
import styles from './products.module.css';

export interface ImageUploadFieldProps {
  imageUrl: string | null;
  /** A new upload (its key and URL). */
  onUploaded: (key: string, url: string) => void;
  /** 'Remover imagem': the parent decides whether the file is deleted now or on save. */
  onRemove: () => Promise<void> | void;
  disabled?: boolean;
}

export function ImageUploadField({ imageUrl, onUploaded, onRemove, disabled = false }: ImageUploadFieldProps) {
  const [state, setState] = useState<'idle' | 'uploading' | 'removing'>('idle');

  const upload = async (file: File) => {
    const refusal = preCheckImage(file);
    if (refusal) {
      toast.error(PRODUCT_IMAGE_MESSAGES[refusal].title, { description: PRODUCT_IMAGE_MESSAGES[refusal].description });
      return;
    }
    setState('uploading');
    try {
      const { key, url } = await uploadProductImage(file);
      onUploaded(key, url);
      toast.success('Upload realizado');
    } catch (error) {
      const code = (error as { body?: { error?: string } }).body?.error;
      const title = code === 'invalid_file_type' ? PRODUCT_IMAGE_MESSAGES.invalidType.title : code === 'file_too_large' ? PRODUCT_IMAGE_MESSAGES.tooLarge.title : PRODUCT_IMAGE_MESSAGES.uploadFailed.title;
      toast.error(title, { description: errorMessage(error, PRODUCT_IMAGE_MESSAGES.uploadFailed.description) });
    } finally {
      setState('idle');
    }
  };

  const remove = async () => {
    setState('removing');
    try {
      await onRemove();
    } catch {
      toast.error(PRODUCT_IMAGE_MESSAGES.removeFailed.title, { description: PRODUCT_IMAGE_MESSAGES.removeFailed.description });
    } finally {
      setState('idle');
    }
  };

  return (
    <fieldset className={styles.imageField} aria-busy={state !== 'idle'}>
      <legend>Imagem do produto</legend>
      <div className={styles.preview}>
        {state === 'uploading' ? (
          <Spinner label="Enviando imagem..." showLabel />
        ) : imageUrl ? (
          <img src={imageUrl} alt="Pré-visualização da imagem do produto" width={120} height={120} data-testid="product-image-preview" />
        ) : (
          <span className={styles.noImage}>
            <ImageOff size={28} aria-hidden="true" /> Sem imagem
          </span>
        )}
      </div>
      <div className={styles.imageActions}>
        <FilePicker accept={Object.keys(PRODUCT_IMAGE_TYPES).join(',')} onFile={(file) => void upload(file)} disabled={disabled || state !== 'idle'}>
          <Upload size={16} aria-hidden="true" /> {imageUrl ? 'Trocar imagem' : 'Enviar imagem'}
        </FilePicker>
        {imageUrl ? (
          <Button variant="ghost" size="sm" onClick={() => void remove()} disabled={disabled || state !== 'idle'}>
            <Trash2 size={16} aria-hidden="true" /> Remover imagem
          </Button>
        ) : null}
        <p className={styles.hint}>JPEG, PNG, GIF ou WEBP, até 10MB.</p>
      </div>
    </fieldset>
  );
}
