/**
 * 'Relatar um problema' (contracts/feedback.ts): a dialog with the description (required), an
 * optional e-mail for an answer and an optional screenshot (JPEG, PNG or WebP, at most 5 MB),
 * sent to `POST /api/feedback` as multipart with the tab's error session id, so the developer
 * area shows it with the errors of this visit and their replay. The signed-in shopper's account
 * is known to the service from the session, never from the form.
 *
 * Page weight: imported as `@prata/shared-ui/report-problem`, in a chunk of its own that the
 * shell loads the first time the dialog opens.
 */
import { useState } from 'react';
import { FEEDBACK_SCREENSHOT_MAX_BYTES, feedbackInputSchema, feedbackResultSchema } from '@prata/contracts/feedback';
import { ApiRequestError, apiRequest, errorSessionId, toast } from '@prata/shared-ui/state';
import { Form, FormField, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Field, Input, Textarea } from './form.tsx';

const reportFormSchema = feedbackInputSchema.pick({ description: true, email: true });
const FIELDS = ['description', 'email'] as const;
const SCREENSHOT_TYPES = 'image/png,image/jpeg,image/webp';

export interface ReportProblemDialogProps {
  open: boolean;
  onClose: () => void;
  /** The remote whose error screen it was opened from, if any. */
  remote?: string | undefined;
}

/** The dialog; sends, thanks the shopper with a toast and closes. */
export function ReportProblemDialog({ open, onClose, remote }: ReportProblemDialogProps) {
  const form = useZodForm(reportFormSchema, { defaultValues: { description: '', email: '' } });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const pick = (file: File | null) => {
    setScreenshotError(file && file.size > FEEDBACK_SCREENSHOT_MAX_BYTES ? `A imagem deve ter até ${FEEDBACK_SCREENSHOT_MAX_BYTES / 1024 / 1024} MB.` : null);
    setScreenshot(file);
  };

  const submit = async (values: { description: string; email?: string | undefined }) => {
    if (screenshotError) return;
    const body = new FormData();
    body.append('description', values.description);
    if (values.email) body.append('email', values.email);
    const sessionId = errorSessionId();
    if (sessionId) body.append('sessionId', sessionId);
    body.append('pageUrl', window.location.href);
    if (remote) body.append('remote', remote);
    if (screenshot) body.append('screenshot', screenshot, screenshot.name);
    setSending(true);
    try {
      await apiRequest('/api/feedback', feedbackResultSchema, { method: 'POST', body });
      toast.success('Obrigado! Recebemos o seu relato.');
      form.reset();
      setScreenshot(null);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 415) setScreenshotError(error.message);
      else if (error instanceof ApiRequestError && error.body?.issues) setServerErrors(form, error.body.issues, (path) => FIELDS.find((field) => path === field || path === `body.${field}`));
      else toast.error(error instanceof ApiRequestError ? error.message : 'Não foi possível enviar o relato.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Relatar um problema" description="Conte o que aconteceu. Enviamos junto o identificador desta visita, para encontrarmos os erros que ela registrou.">
      <Form form={form} onSubmit={submit} aria-label="Relatar um problema" data-testid="report-problem-form">
        <FormField control={form.control} name="description" label="O que aconteceu?" required>
          {(control) => <Textarea {...control} rows={4} maxLength={2000} data-autofocus />}
        </FormField>
        <FormField control={form.control} name="email" label="E-mail (opcional)" hint="Só para respondermos a você.">
          {(control) => <Input {...control} type="email" autoComplete="email" />}
        </FormField>
        <Field label="Captura de tela (opcional)" hint="PNG, JPEG ou WebP, até 5 MB." error={screenshotError ?? undefined}>
          {(props) => <input {...props} type="file" name="screenshot" accept={SCREENSHOT_TYPES} onChange={(event) => pick(event.target.files?.[0] ?? null)} />}
        </Field>
        <Button type="submit" loading={sending}>
          Enviar relato
        </Button>
      </Form>
    </Dialog>
  );
}

export default ReportProblemDialog;
