/**
 * The Radix-based implementation of `Dialog` and `Sheet` (see dialog.tsx, which loads this module
 * on first open so the home page does not pay for it). Modal dialog and sheet on Radix Dialog: labelled by the title (and described by the
 * description), closed by the close button, Escape or a click outside; focus moves into the
 * dialog (to the element marked `data-autofocus`, else the first focusable one), is trapped
 * there, and returns to the trigger when it closes. The page behind is inert and does not scroll.
 *
 * - `Dialog`: a centred modal (`size` sm / md / lg).
 * - `Sheet`: a drawer from the left, the right or the bottom (mobile menu, cart).
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import styles from './dialog.module.css';

import type { DialogProps, SheetProps } from './dialog-types.ts';

/**
 * Focus handling shared by Dialog and Sheet: on open, the element marked `data-autofocus` (else
 * Radix's first focusable); on close, back to the element that had the focus before (these
 * dialogs are opened by state, not by a Radix trigger, so Radix would not know it).
 */
function useFocusReturn() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const content = (event.currentTarget ?? event.target) as HTMLElement | null;
      const marked = content?.querySelector<HTMLElement>('[data-autofocus]');
      if (marked) {
        event.preventDefault();
        marked.focus();
      }
    },
    onCloseAutoFocus(event: Event) {
      const target = previous.current;
      previous.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

function CloseButton({ label }: { label: string }) {
  return (
    <RadixDialog.Close className={styles.close} aria-label={label}>
      <X size={20} aria-hidden="true" />
    </RadixDialog.Close>
  );
}

export function DialogImpl({ open, onClose, title, description, children, closeLabel = 'Fechar', size = 'md', footer }: DialogProps) {
  const focus = useFocusReturn();
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.backdrop} />
        <RadixDialog.Content
          className={[styles.panel, size !== 'md' ? styles[size] : ''].filter(Boolean).join(' ')}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <CloseButton label={closeLabel} />
          </div>
          {description ? (
            <RadixDialog.Description asChild>
              <div className={styles.description}>{description}</div>
            </RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function SheetImpl({ open, onOpenChange, title, description, children, side = 'right', closeLabel = 'Fechar', hideTitle = false, footer, id }: SheetProps) {
  const focus = useFocusReturn();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.backdrop} />
        <RadixDialog.Content
          id={id}
          className={`${styles.sheet} ${styles[`sheet-${side}`]}`}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.sheetHeader}>
            <RadixDialog.Title className={hideTitle ? 'p9-visually-hidden' : styles.title}>{title}</RadixDialog.Title>
            <CloseButton label={closeLabel} />
          </div>
          {description ? (
            <RadixDialog.Description asChild>
              <div className={styles.description}>{description}</div>
            </RadixDialog.Description>
          ) : null}
          <div className={styles.sheetBody}>{children}</div>
          {footer ? <div className={styles.sheetFooter}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
