/** Props of the shared-ui `DropdownMenu`. */
import type { ReactNode } from 'react';

/** One entry of a `DropdownMenu`: a router link (`to`) or an action (`onSelect`). */
export type DropdownMenuItem =
  | { key: string; label: ReactNode; icon?: ReactNode; to: string; onSelect?: never }
  | { key: string; label: ReactNode; icon?: ReactNode; onSelect: () => void; to?: never };

export interface DropdownMenuProps {
  /** Accessible name of the trigger button (e.g. 'Conta de maria@example.com'). */
  triggerLabel: string;
  /** What the trigger shows (icon, text). */
  trigger: ReactNode;
  /** Class names of the trigger button (it is a shared-ui ghost `Button`). */
  triggerClassName?: string;
  /** Non-interactive content above the items (a greeting, a status). */
  header?: ReactNode;
  items: readonly DropdownMenuItem[];
  /** Side of the trigger the menu lines up with. */
  align?: 'start' | 'end';
  /** `data-testid` of the open menu. */
  testId?: string;
}
