/** Props of the shared-ui `Dialog` and `Sheet`. */
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Buttons at the bottom of the dialog. */
  footer?: ReactNode;
}

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Edge the sheet slides from. */
  side?: 'left' | 'right' | 'bottom';
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Keeps the title for assistive technology only. */
  hideTitle?: boolean;
  footer?: ReactNode;
  /** id of the panel (for a trigger's `aria-controls`). */
  id?: string;
}
