/**
 * Forms through react-hook-form with the shared zod schemas (house style habit 19),
 * wrapped once here so the panels' forms hold no `useState` per field:
 * - `useZodForm(schema, options)`: `useForm` with `zodResolver(schema)`; the submit handler gets
 *   the schema's parsed output (trimmed, coerced), the fields its first message each.
 * - `Form`: a `<form noValidate>` whose submit runs the form's validation first.
 * - `FormField`: the design system's `Field` (label, hint, error tied with `aria-describedby`,
 *   `aria-invalid`) bound to one field; its render function spreads the control's props on an
 *   `Input` / `PasswordInput` / `Textarea` / `Select`. `FormCheckbox` binds a `Checkbox`.
 * - `setServerErrors(form, issues, toField)`: a 400 answer's `issues` (pt-BR messages) on their
 *   fields; what no field takes becomes the form's error (`errors.root.server`).
 * - `validatorSchema(validate)`: a form schema from a validator that runs the shared schemas
 *   itself (rules that depend on a choice, values converted before the check).
 *
 * Page weight: react-hook-form is not in shared-ui's index (which every page loads) nor a
 * federation singleton (no state crosses remotes, and a shared module is not tree-shaken): import
 * `@prata/shared-ui/form`, and each app bundles the part it uses, in the chunks of its forms.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent, FormHTMLAttributes, ReactNode } from 'react';
import {
  useController,
  useForm,
  type Control,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { z as zod } from 'zod';
import type * as z from 'zod/v4/core';
import { ApiRequestError } from '@prata/shared-ui/state';
import { Checkbox, Field, type FieldControlProps, type FieldProps } from './form.tsx';

export { useController, useFieldArray, useFormState, useWatch, type Control, type FieldErrors, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

/** A zod schema whose input is an object of form values. */
export type FormSchema<Input extends FieldValues = FieldValues, Output = unknown> = z.$ZodType<Output, Input>;

/** What `useZodForm` returns: react-hook-form's API, typed by the schema's input and output. */
export type ZodForm<Schema extends FormSchema> = UseFormReturn<z.input<Schema> & FieldValues, unknown, z.output<Schema>>;

/**
 * `useForm` validated by `schema` (its messages are the fields' errors, first one per field).
 * Defaults: validation on submit, again on change after a submit (`reValidateMode`), focus on the
 * first invalid field. Pass `defaultValues` for every field the form renders.
 */
export function useZodForm<Schema extends FormSchema>(schema: Schema, options: Omit<UseFormProps<z.input<Schema> & FieldValues, unknown, z.output<Schema>>, 'resolver'> = {}): ZodForm<Schema> {
  return useForm<z.input<Schema> & FieldValues, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema as unknown as FormSchema<z.input<Schema> & FieldValues, z.output<Schema>>),
  });
}

/** What a form validator built on the shared schemas answers: the parsed output, or a message per field. */
export type FormValidation<Output> = { success: true; data: Output } | { success: false; errors: Partial<Record<string, string>> };

/**
 * A form schema from a validator that already runs the shared schemas and names its fields
 * itself (e.g. a form whose rules depend on a choice, like the checkout's payment method):
 * `useZodForm(validatorSchema(validate))` puts each message on its field.
 */
export function validatorSchema<Values extends FieldValues, Output>(validate: (values: Values) => FormValidation<Output>): FormSchema<Values, Output> {
  return zod.custom<Values>(() => true).transform((values, ctx) => {
    const result = validate(values);
    if (result.success) return result.data;
    for (const [field, message] of Object.entries(result.errors)) if (message) ctx.issues.push({ code: 'custom', message, path: [field], input: values });
    return zod.NEVER;
  }) as unknown as FormSchema<Values, Output>;
}

export interface FormProps<Values extends FieldValues, Output> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'onInvalid'> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Called with the schema's output when every field is valid. */
  onSubmit: SubmitHandler<Output>;
  /** Called with the field errors when some field is invalid. */
  onInvalid?: SubmitErrorHandler<Values>;
  children: ReactNode;
}

/** A `<form noValidate>` (the schema validates, not the browser) that submits through `form.handleSubmit`. */
export function Form<Values extends FieldValues, Output>({ form, onSubmit, onInvalid, children, ...props }: FormProps<Values, Output>) {
  return (
    <form noValidate {...props} onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}>
      {children}
    </form>
  );
}

/** Props `FormField` hands to its control: `Field`'s (id, class, aria) and the field's binding. */
export interface FormFieldControlProps extends FieldControlProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  ref: RefCallBack;
  disabled?: boolean;
}

export interface FormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> extends Omit<FieldProps, 'error' | 'children'> {
  /** `form.control` of the form the field belongs to. */
  control: Control<Values, unknown, never> | Control<Values, unknown, unknown>;
  name: Name;
  /** Rewrites what was typed before it is stored (masks: digits only, grouping, upper case). */
  format?: (typed: string) => string;
  /** Called after the value changed (e.g. to clear a related message). */
  onValueChange?: (value: string) => void;
  /** Drops the value when the field unmounts (a field shown only in some states). */
  shouldUnregister?: boolean;
  children: (control: FormFieldControlProps) => ReactNode;
}

/**
 * One form field: `Field`'s label, hint and error (the field's validation or server message)
 * around the control the render function returns, bound to `name` (a string value).
 */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>>({ control, name, format, onValueChange, shouldUnregister, children, ...field }: FormFieldProps<Values, Name>) {
  const { field: binding, fieldState } = useController({ control: control as Control<Values>, name, ...(shouldUnregister ? { shouldUnregister } : {}) });
  return (
    <Field {...field} error={fieldState.error?.message}>
      {(props) =>
        children({
          ...props,
          name: binding.name,
          value: (binding.value as string | undefined) ?? '',
          onChange: (event) => {
            const value = format ? format(event.target.value) : event.target.value;
            binding.onChange(value);
            onValueChange?.(value);
          },
          onBlur: binding.onBlur,
          ref: binding.ref,
          ...(binding.disabled ? { disabled: true } : {}),
        })
      }
    </Field>
  );
}

export interface FormCheckboxProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  control: Control<Values, unknown, never> | Control<Values, unknown, unknown>;
  name: Name;
  label: ReactNode;
  hint?: ReactNode;
  id?: string;
}

/** A `Checkbox` bound to a boolean field, with its error. */
export function FormCheckbox<Values extends FieldValues, Name extends FieldPath<Values>>({ control, name, label, hint, id }: FormCheckboxProps<Values, Name>) {
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
    fieldState,
  } = useController({ control: control as Control<Values>, name });
  return (
    <Checkbox
      ref={ref}
      id={id}
      name={fieldName}
      label={label}
      hint={hint}
      error={fieldState.error?.message}
      checked={Boolean(value)}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={onBlur}
    />
  );
}

/** One message of a 400 answer: `path` as the service names it (e.g. `body.links.0.link1`). */
export interface ServerIssue {
  path: string;
  message: string;
}

/** The `issues` of an API failure (a 400's field messages), or none. */
export function serverIssues(error: unknown): ServerIssue[] {
  return error instanceof ApiRequestError ? [...(error.body?.issues ?? [])] : [];
}

/**
 * Puts a failure's messages on the form: each issue on the field `toField` names for its path
 * (first message per field), the rest joined as the form's error (`errors.root.server`).
 * @returns how many fields got a message.
 */
export function setServerErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError'>,
  issues: readonly ServerIssue[],
  toField: (path: string) => FieldPath<Values> | undefined,
): number {
  const fields = new Set<string>();
  const rest: string[] = [];
  for (const issue of issues) {
    const field = toField(issue.path);
    if (!field) rest.push(issue.message);
    else if (!fields.has(field)) {
      fields.add(field);
      form.setError(field, { type: 'server', message: issue.message });
    }
  }
  if (rest.length > 0) form.setError('root.server', { type: 'server', message: rest.join(' ') });
  return fields.size;
}

/** A service path's field: `body.<field>` -> `<field>` (the usual `toField` of `setServerErrors`). */
export function bodyField<Values extends FieldValues>(fields: readonly FieldPath<Values>[]): (path: string) => FieldPath<Values> | undefined {
  return (path) => fields.find((field) => path === `body.${field}`);
}
