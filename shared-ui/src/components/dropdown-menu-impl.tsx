/**
 * The Radix-based implementation of `DropdownMenu` (see dropdown-menu.tsx, which loads this
 * module in its own chunk). Radix DropdownMenu gives the WAI-ARIA menu button pattern: the trigger
 * has `aria-haspopup="menu"` / `aria-expanded`, opens with a click, Enter, Space or ArrowDown;
 * focus moves into the menu, arrow keys / Home / End / typeahead move between items, Escape, Tab
 * or a click outside close it and focus returns to the trigger.
 */
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@prata/shared-ui/router';
import { buttonClassName } from './button.tsx';
import styles from './dropdown-menu.module.css';
import type { DropdownMenuProps } from './dropdown-menu-types.ts';

export function DropdownMenuImpl({
  triggerLabel,
  trigger,
  triggerClassName,
  header,
  items,
  align = 'end',
  testId,
  defaultOpen = false,
}: DropdownMenuProps & { defaultOpen?: boolean }) {
  return (
    <RadixMenu.Root defaultOpen={defaultOpen} modal={false}>
      <RadixMenu.Trigger className={[buttonClassName('ghost'), triggerClassName].filter(Boolean).join(' ')} aria-label={triggerLabel}>
        {trigger}
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={styles.content} align={align} sideOffset={6} collisionPadding={8} data-testid={testId} aria-label={triggerLabel}>
          {header ? <div className={styles.header}>{header}</div> : null}
          {header && items.length > 0 ? <RadixMenu.Separator className={styles.separator} /> : null}
          {items.map((item) =>
            item.to !== undefined ? (
              <RadixMenu.Item key={item.key} asChild className={styles.item}>
                <Link to={item.to}>
                  {item.icon}
                  {item.label}
                </Link>
              </RadixMenu.Item>
            ) : (
              <RadixMenu.Item key={item.key} className={styles.item} onSelect={item.onSelect}>
                {item.icon}
                {item.label}
              </RadixMenu.Item>
            ),
          )}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
