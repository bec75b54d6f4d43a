/**
 * "Publicar versão" of a remote in the Deployments card (loaded when first opened): the URL of a
 * built version's `mf-manifest.json` on an allowed release origin, optionally the SRI hash its
 * `remoteEntry.js` must have, notes, and "Aceitar crescimento" (publish although more than 5 %
 * heavier than the live version). Validated by the shared `publishFromManifestFormSchema`; the
 * service reads and checks the build as `npm run release` does and publishes it without activating
 * it. Success: a toast with the new version, which the list above then shows (not active; "Ativar"
 * or "Canário" take it from there), and the form closes. A refusal: the service's pt-BR message
 * in the form (a field's message under its field), and nothing published.
 */
import { publishFromManifestFormSchema, type RemoteName } from '@prata/contracts';
import { Alert, Button, Input, Textarea } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { bodyField, Form, FormCheckbox, FormField, serverIssues, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { usePublishRemoteRelease } from '../api/publish-remote-release.ts';
import styles from './dashboard.module.css';

type PublishFormValues = { manifestUrl: string; integrity: string; notes: string; acceptGrowth: boolean };
const fieldOf = bodyField<PublishFormValues>(['manifestUrl', 'integrity', 'notes', 'acceptGrowth']);

export interface PublishReleaseFormProps {
  remote: RemoteName;
  /** Closes the form (after a publish, or "Cancelar"). */
  onClose: () => void;
}

export default function PublishReleaseForm({ remote, onClose }: PublishReleaseFormProps) {
  const publish = usePublishRemoteRelease(remote);
  const form = useZodForm(publishFromManifestFormSchema, { defaultValues: { manifestUrl: '', integrity: '', notes: '', acceptGrowth: false } });
  const formError = form.formState.errors.root?.server?.message;

  const submit = async (input: { manifestUrl: string; integrity?: string | undefined; notes: string; acceptGrowth: boolean }) => {
    try {
      const list = await publish.mutateAsync({ manifestUrl: input.manifestUrl, notes: input.notes, acceptGrowth: input.acceptGrowth, ...(input.integrity ? { integrity: input.integrity } : {}) });
      const published = list.releases.find((release) => release.manifestUrl === input.manifestUrl);
      toast.success(published ? `${remote}: versão ${published.version} publicada, não ativada` : `${remote}: versão publicada, não ativada`);
      onClose();
    } catch (error) {
      // A 400's field issues go under their fields; any other refusal (409, 422) is the form's message.
      const issues = serverIssues(error);
      if (issues.length > 0) setServerErrors(form, issues, fieldOf);
      else form.setError('root.server', { type: 'server', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.entry} aria-label={`Publicar versão de ${remote}`}>
      <FormField control={form.control} name="manifestUrl" label="URL do mf-manifest.json" hint="Um build já enviado a uma origem de release permitida (RELEASE_ORIGINS)." required>
        {(control) => <Input {...control} type="url" inputMode="url" placeholder="https://cdn.exemplo/releases/storefront/0.1.0-3f9c2a1b/mf-manifest.json" />}
      </FormField>
      <FormField control={form.control} name="integrity" label="Hash do remoteEntry.js (opcional)" hint="sha384-…: a versão só é publicada se o arquivo de entrada tiver este hash.">
        {(control) => <Input {...control} spellCheck={false} />}
      </FormField>
      <FormField control={form.control} name="notes" label="Notas">
        {(control) => <Textarea {...control} rows={2} maxLength={500} />}
      </FormField>
      <FormCheckbox control={form.control} name="acceptGrowth" label="Aceitar crescimento acima de 5 % sobre a versão no ar" />
      {formError ? (
        <Alert variant="danger">
          {/* The refusals of the budget and growth checks list their figures one per line. */}
          <span style={{ whiteSpace: 'pre-wrap' }}>{formError}</span>
        </Alert>
      ) : null}
      <div className={styles.releaseActions}>
        <Button variant="outline" size="sm" onClick={onClose} disabled={publish.isPending}>
          Cancelar
        </Button>
        <Button type="submit" size="sm" loading={publish.isPending}>
          Publicar
        </Button>
      </div>
    </Form>
  );
}
