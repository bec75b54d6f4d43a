/**
 * The 'Avaliar' form of one piece: 1 to 5 stars, the text and up to 3 photos, validated with the
 * shared `createReviewSchema` through react-hook-form; the service's 400 issues land on the form.
 * Each photo is uploaded when chosen (`POST /api/reviews/photos`) and the review names their keys.
 * A chunk of its own (order-reviews.tsx loads it with `React.lazy` when the shopper opens it).
 */
import { useState } from 'react';
import { REVIEW_MAX_PHOTOS, createReviewSchema, type CreateReviewInput, type OrderReviews, type ReviewPhoto } from '@prata/contracts';
import { Button, FilePicker, RadioGroup, Textarea } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, serverIssues, setServerErrors, useController, useZodForm } from '@prata/shared-ui/form';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCreateReview } from '../api/create-review.ts';
import { photoProblem, useUploadReviewPhoto } from '../api/upload-review-photo.ts';
import styles from './orders.module.css';

const STAR_OPTIONS = [
  { value: '5', label: '5 estrelas · Excelente' },
  { value: '4', label: '4 estrelas · Muito boa' },
  { value: '3', label: '3 estrelas · Boa' },
  { value: '2', label: '2 estrelas · Regular' },
  { value: '1', label: '1 estrela · Ruim' },
];

/** The form of `line` of order `orderId`; `onDone` after it was sent. */
export default function ReviewForm({ orderId, line, onDone }: { orderId: string; line: OrderReviews['lines'][number]; onDone: () => void }) {
  const form = useZodForm(createReviewSchema, { defaultValues: { orderItemId: line.orderItemId, text: '', photoKeys: [] } as Partial<CreateReviewInput> });
  const rating = useController({ control: form.control, name: 'rating' });
  const [photos, setPhotos] = useState<ReviewPhoto[]>([]);
  const upload = useUploadReviewPhoto();
  const create = useCreateReview(orderId);

  const setPhotoList = (next: ReviewPhoto[]) => {
    setPhotos(next);
    form.setValue('photoKeys', next.map((photo) => photo.key));
  };
  const addPhoto = (file: File) => {
    const problem = photoProblem(file);
    if (problem) return void toast.error('Foto não enviada', { description: problem });
    upload.mutate(file, {
      onSuccess: (photo) => setPhotoList([...photos, photo].slice(0, REVIEW_MAX_PHOTOS)),
      onError: (error) => toast.error('Foto não enviada', { description: error instanceof ApiRequestError ? error.message : 'Não foi possível enviar a foto.' }),
    });
  };

  const submit = (input: CreateReviewInput) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success('Avaliação enviada', { description: 'Ela aparece na página da peça depois de aprovada pela loja.' });
        onDone();
      },
      onError: (cause) => {
        if (setServerErrors(form, serverIssues(cause), (path) => (path === 'text' || path === 'rating' ? path : undefined)) === 0) {
          form.setError('root.server', { message: cause instanceof ApiRequestError ? cause.message : 'Não foi possível enviar a avaliação.' });
        }
      },
    });

  const rootError = form.formState.errors.root?.server?.message;
  return (
    <Form form={form} onSubmit={submit} className={styles.card} aria-label={`Avaliar ${line.productName}`}>
      <RadioGroup
        legend="Sua nota"
        name={`rating-${line.orderItemId}`}
        options={STAR_OPTIONS}
        value={rating.field.value ? String(rating.field.value) : null}
        onValueChange={(value) => rating.field.onChange(Number(value))}
        error={rating.fieldState.error?.message}
      />
      <FormField control={form.control} name="text" label="Sua avaliação" hint="Conte como é a peça, o acabamento, o tamanho.">
        {(control) => <Textarea {...control} rows={4} />}
      </FormField>
      <div className={styles.line}>
        <span className={styles.muted}>
          Fotos ({photos.length} de {REVIEW_MAX_PHOTOS})
        </span>
        {photos.length < REVIEW_MAX_PHOTOS ? (
          <FilePicker accept="image/jpeg,image/png,image/gif,image/webp" onFile={addPhoto} disabled={upload.isPending}>
            {upload.isPending ? 'Enviando foto...' : 'Adicionar foto'}
          </FilePicker>
        ) : null}
      </div>
      {photos.length > 0 ? (
        <ul className={styles.lines} aria-label="Fotos da avaliação">
          {photos.map((photo, index) => (
            <li key={photo.key} className={styles.line}>
              <img src={photo.url} alt={`Foto ${index + 1}`} width={64} height={64} style={{ objectFit: 'cover' }} />
              <Button variant="ghost" size="sm" onClick={() => setPhotoList(photos.filter((other) => other.key !== photo.key))}>
                Remover
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {rootError ? (
        <p role="alert" className={styles.muted}>
          {rootError}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={create.isPending || upload.isPending}>
          {create.isPending ? 'Enviando...' : 'Enviar avaliação'}
        </Button>
      </div>
    </Form>
  );
}
