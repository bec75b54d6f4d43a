/**
 * FilePicker (shared-ui): a button that opens the file chooser. The native file input stays in
 * the page (visually hidden, focusable, named by the button's text), so keyboards, screen
 * readers and test drivers use it as usual; the label is drawn as a button and shows the focus.
 * `onFile` gets the chosen file; choosing the same file again fires again.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { buttonClassName, type ButtonProps } from './button.tsx';
import styles from './form.module.css';

export interface FilePickerProps {
  children: ReactNode;
  /** Accepted types, e.g. `image/jpeg,image/png`. */
  accept?: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

export function FilePicker({ children, accept, onFile, disabled = false, variant = 'outline', size = 'sm' }: FilePickerProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <label className={[buttonClassName(variant, size), styles.filePicker, disabled ? styles.filePickerDisabled : ''].filter(Boolean).join(' ')}>
      <input type="file" className="p9-visually-hidden" accept={accept} onChange={onChange} disabled={disabled} />
      {children}
    </label>
  );
}
