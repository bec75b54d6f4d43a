/**
 * Form building blocks (shared-ui), native controls styled by the design system:
 * - `Field`: label, optional hint and error, tied to the control with `aria-describedby` /
 *   `aria-invalid`; the control is rendered by a function that receives those props.
 * - `Input`, `Textarea`, `Select`: styled native controls (use them inside `Field`, or alone with a
 *   label of your own). `Select` is the native select: the platform's own accessible picker.
 * - `TextField`, `TextareaField`, `SelectField`: `Field` + control in one.
 * - `PasswordInput`: a password with a show/hide toggle (admin.md 2 "password with show/hide").
 * - `Checkbox`, `RadioGroup` (a fieldset with a legend; listed, or as selectable cards),
 *   `Switch` (role=switch).
 * Keyboard and focus are the browser's own; errors are announced through `aria-describedby`.
 */
import { Check, ChevronDown, Eye, EyeOff } from 'lucide-react';
import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './form.module.css';

/** Props `Field` hands to its control: spread them on the input. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Help text under the control (e.g. 'Mínimo 8 caracteres'). */
  hint?: ReactNode;
  /** Validation message; marks the control invalid. */
  error?: string | undefined;
  /** Control id; generated when omitted. */
  id?: string;
  /** Shows a required mark after the label (the control still needs `required` / validation). */
  required?: boolean;
  /** Hides the label visually (it stays the control's accessible name). */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Class name of a text input styled like the ones `Field` renders. */
export const inputClassName = styles.input ?? '';
/** Class name of a styled textarea. */
export const textareaClassName = [styles.input, styles.textarea].join(' ');
/** Class name of a styled native select. */
export const selectClassName = [styles.input, styles.select].join(' ');

export function Field({ label, hint, error, id, required, hideLabel, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={hideLabel ? 'p9-visually-hidden' : styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        className: inputClassName,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const join = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A styled native input. */
export function Input({ className, ref, ...props }: InputProps) {
  return <input ref={ref} className={join(inputClassName, className !== inputClassName && className)} {...props} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A styled native textarea (vertical resize, 140 px tall by default). */
export function Textarea({ className, ref, ...props }: TextareaProps) {
  return <textarea ref={ref} className={join(textareaClassName, className !== inputClassName && className)} {...props} />;
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  /** Options; or pass `<option>` children. */
  options?: readonly SelectOption[];
  /** A first, empty option (e.g. 'Selecione...'). */
  placeholder?: string;
}

/** A styled native select with a chevron. */
export function Select({ className, ref, options, placeholder, children, ...props }: SelectProps) {
  return (
    <span className={styles.selectWrap}>
      <select ref={ref} className={join(selectClassName, className !== inputClassName && className)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown size={18} className={styles.selectIcon} aria-hidden="true" />
    </span>
  );
}

type FieldShell = Pick<FieldProps, 'label' | 'hint' | 'error' | 'id' | 'required' | 'hideLabel'>;

/** `Field` + `Input`. */
export function TextField({ label, hint, error, id, required, hideLabel, ...input }: FieldShell & Omit<InputProps, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} required={required} hideLabel={hideLabel}>
      {(control) => <Input {...control} required={required} {...input} />}
    </Field>
  );
}

/** `Field` + `Textarea`. */
export function TextareaField({ label, hint, error, id, required, hideLabel, ...textarea }: FieldShell & Omit<TextareaProps, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} required={required} hideLabel={hideLabel}>
      {(control) => <Textarea {...control} required={required} {...textarea} />}
    </Field>
  );
}

/** `Field` + `Select`. */
export function SelectField({ label, hint, error, id, required, hideLabel, ...select }: FieldShell & Omit<SelectProps, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} id={id} required={required} hideLabel={hideLabel}>
      {(control) => <Select {...control} required={required} {...select} />}
    </Field>
  );
}

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a 'Mostrar senha' / 'Ocultar senha' toggle button. */
export function PasswordInput({ className, ref, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.password}>
      <input ref={ref} type={visible ? 'text' : 'password'} className={[className ?? inputClassName, styles.passwordInput].join(' ')} {...props} />
      <button
        type="button"
        className={styles.toggle}
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox with its label (click the label to toggle), hint and error. */
export function Checkbox({ label, hint, error, id, className, ref, ...props }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const describedBy = [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={join(styles.check, className)}>
      <span className={styles.checkControl}>
        <input ref={ref} id={controlId} type="checkbox" className={styles.checkbox} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...props} />
        <Check size={14} strokeWidth={3} className={styles.checkMark} aria-hidden="true" />
      </span>
      <span className={styles.checkText}>
        <label htmlFor={controlId}>{label}</label>
        {hint ? (
          <span id={`${controlId}-hint`} className={styles.hint}>
            {hint}
          </span>
        ) : null}
        {error ? (
          <span id={`${controlId}-error`} className={styles.error}>
            {error}
          </span>
        ) : null}
      </span>
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** The group's legend (its accessible name). */
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  value: string | null;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Options side by side instead of stacked. */
  inline?: boolean;
  hideLegend?: boolean;
  /** `list`: radios with labels; `cards`: each option a bordered, selectable tile (side by side, stacked on phones). */
  variant?: 'list' | 'cards';
  /**
   * Given to the current choice's radio (the first option's when none is chosen), so an error
   * summary link or a label can focus the group. The error message is `${id}-error`.
   */
  id?: string;
}

/** Native radio buttons in a fieldset: arrow keys move the choice, Tab leaves the group. */
export function RadioGroup({ legend, name, options, value, onValueChange, error, disabled, inline = false, hideLegend = false, variant = 'list', id: groupIdProp }: RadioGroupProps) {
  const generated = useId();
  const groupId = groupIdProp ?? generated;
  const errorId = `${groupId}-error`;
  const focusValue = options.some((option) => option.value === value) ? value : options[0]?.value;
  const layout = variant === 'cards' ? styles.radioCards : inline ? `${styles.radios} ${styles.radiosInline}` : styles.radios;
  return (
    <fieldset className={styles.fieldset} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className={hideLegend ? 'p9-visually-hidden' : styles.label}>{legend}</legend>
      <div className={layout}>
        {options.map((option) => {
          const optionId = `${groupId}-${option.value}`;
          const id = groupIdProp && option.value === focusValue ? groupIdProp : optionId;
          return (
            <div key={option.value} className={variant === 'cards' ? `${styles.check} ${styles.radioCard}` : styles.check}>
              <span className={styles.checkControl}>
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option.value}
                  className={styles.radio}
                  checked={value === option.value}
                  disabled={option.disabled}
                  onChange={() => onValueChange(option.value)}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                />
              </span>
              <span className={styles.checkText}>
                <label htmlFor={id}>{option.label}</label>
                {option.hint ? (
                  <span id={`${optionId}-hint`} className={styles.hint}>
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  ref?: Ref<HTMLButtonElement>;
}

/** An on/off switch (`role="switch"`, `aria-checked`); name it with `aria-label(ledby)`. */
export function Switch({ checked, onCheckedChange, className, ref, ...props }: SwitchProps) {
  return (
    <button
      ref={ref}
      type="button"
      role="switch"
      aria-checked={checked}
      className={join(styles.switch, className)}
      onClick={() => onCheckedChange(!checked)}
      {...props}
    >
      <span className={styles.thumb} aria-hidden="true" />
    </button>
  );
}
