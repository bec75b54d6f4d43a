/**
 * How the panel's settings forms tell a failed save: the service's field messages (a 400's
 * `issues`) under their fields, and the toast 'Erro ao salvar' with the service's pt-BR message.
 */
import { toast } from '@prata/shared-ui/state';
import { serverIssues, setServerErrors, type FieldPath, type FieldValues, type UseFormReturn } from '@prata/shared-ui/form';
import { errorMessage } from './api-client.ts';

/** Puts a failed save's field messages on `form` (through `toField`) and toasts 'Erro ao salvar'. */
export function reportSaveFailure<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError'>,
  error: unknown,
  toField: (path: string) => FieldPath<Values> | undefined,
): void {
  setServerErrors(form, serverIssues(error), toField);
  toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
}
