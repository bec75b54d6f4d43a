/**
 * The content tab (admin.md 2, 3, 4, 8, 9): the six sections with their title, last change and a
 * preview of 200 characters; 'Editar' opens the title and an 8-row text area with 'Salvar' and
 * 'Cancelar'; a save shows 'Conteúdo salvo' and reloads; 'Atualizar' reloads. The text is plain
 * text (the storefront shows it as text, never as HTML). The editor is react-hook-form with the
 * shared `contentSectionUpdateSchema`; the service's field messages show under their fields. Load failure: 'Não foi possível carregar
 * as seções de conteúdo.'; save failure: the service's message.
 */
import { Pencil, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CONTENT_EDITOR_ROWS, CONTENT_PREVIEW_LENGTH, contentSectionUpdateSchema, type ContentSection, type ContentSectionUpdate } from '@prata/contracts';
import { Alert, Button, Card, Input, Skeleton, Textarea, formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, bodyField, useZodForm } from '@prata/shared-ui/form';
import { reportSaveFailure } from '../../../lib/save-failure.ts';
import { useContentSections, useSaveContentSection } from '../api/content-sections.ts';
import styles from './content.module.css';

const LOAD_FAILURE = 'Não foi possível carregar as seções de conteúdo.';

/** The first 200 characters, with '...' when cut (admin.md 9). */
export function preview(text: string): string {
  return text.length > CONTENT_PREVIEW_LENGTH ? `${text.slice(0, CONTENT_PREVIEW_LENGTH)}...` : text;
}

export function ContentManager() {
  const { data, isPending, isError, refetch, isFetching } = useContentSections();

  useEffect(() => {
    if (isError) toast.error('Erro', { description: LOAD_FAILURE });
  }, [isError]);

  return (
    <>
      <div className={styles.toolbar}>
        <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching && !isPending}>
          <RefreshCw size={16} aria-hidden="true" /> Atualizar
        </Button>
      </div>
      {isPending ? (
        <div role="status" aria-busy="true" className={styles.list}>
          <span className="p9-visually-hidden">Carregando conteúdo...</span>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={140} />
          ))}
        </div>
      ) : isError ? (
        <Alert variant="danger">{LOAD_FAILURE}</Alert>
      ) : (
        <div className={styles.list}>
          {data.map((section) => (
            <SectionCard key={section.sectionKey} section={section} />
          ))}
        </div>
      )}
    </>
  );
}

/** A service path (`body.title`, `body.content`) -> the editor's field. */
const sectionField = bodyField<ContentSectionUpdate>(['title', 'content']);

function SectionCard({ section }: { section: ContentSection }) {
  const [editing, setEditing] = useState(false);
  const form = useZodForm(contentSectionUpdateSchema, { defaultValues: { title: section.title, content: section.content } });
  const save = useSaveContentSection();

  const start = () => {
    form.reset({ title: section.title, content: section.content });
    setEditing(true);
  };

  const submit = async (update: ContentSectionUpdate) => {
    try {
      await save.mutateAsync({ key: section.sectionKey, update });
      toast.success('Conteúdo salvo');
      setEditing(false);
    } catch (error) {
      reportSaveFailure(form, error, sectionField);
    }
  };
  const formError = form.formState.errors.root?.server?.message;

  return (
    <Card
      title={section.title}
      description={`Atualizado em ${formatDateTime(section.updatedAt)}`}
      testId={`content-section-${section.sectionKey}`}
      actions={
        editing ? null : (
          <Button variant="outline" size="sm" onClick={start} aria-label={`Editar ${section.title}`}>
            <Pencil size={16} aria-hidden="true" /> Editar
          </Button>
        )
      }
    >
      {editing ? (
        <Form form={form} onSubmit={submit} className={styles.form} aria-label={`Editar ${section.title}`}>
          <FormField control={form.control} name="title" label="Título" required>
            {(control) => <Input {...control} maxLength={200} required />}
          </FormField>
          <FormField control={form.control} name="content" label="Conteúdo" hint="Texto simples: uma linha em branco separa parágrafos." required>
            {(control) => <Textarea {...control} rows={CONTENT_EDITOR_ROWS} required />}
          </FormField>
          {formError ? <Alert variant="danger">{formError}</Alert> : null}
          <div className={styles.actions}>
            <Button variant="outline" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Salvar
            </Button>
          </div>
        </Form>
      ) : (
        <p className={styles.preview}>{preview(section.content)}</p>
      )}
    </Card>
  );
}
