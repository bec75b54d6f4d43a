/**
 * FilePicker (shared-ui): a button that opens the file chooser. The native file input stays in
 * the page (visually hidden, focusable, named by the button's text), so keyboards, screen
 * readers and test drivers use it as usual; the label is drawn as a button and shows the focus.
 * `onFile` gets the chosen file; choosing the same file again fires again. With `multiple`, the
 * chooser takes several files and `onFiles` gets them all, in the order chosen (the
 * product gallery).
 */
import type { ChangeEvent, ReactNode } from 'react';
import { buttonClassName, type ButtonProps } from './button.tsx';
import styles from './form.module.css';

export interface FilePickerProps {
  children: ReactNode;
  /** Accepted types, e.g. `image/jpeg,image/png`. */
  accept?: string;
  onFile?: (file: File) => void;
  /** With `multiple`: every chosen file. */
  onFiles?: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

export function FilePicker({ children, accept, onFile, onFiles, multiple = false, disabled = false, variant = 'outline', size = 'sm' }: FilePickerProps) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (onFiles) onFiles(files);
    else onFile?.(files[0]!);
  };
  return (
    <label className={[buttonClassName(variant, size), styles.filePicker, disabled ? styles.filePickerDisabled : ''].filter(Boolean).join(' ')}>
      <input type="file" className="p9-visually-hidden" accept={accept} multiple={multiple} onChange={onChange} disabled={disabled} />
      {children}
    </label>
  );
}
