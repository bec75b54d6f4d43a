/**
 * DropdownMenu (shared-ui): a menu button (WAI-ARIA APG "Menu Button") on Radix DropdownMenu:
 * a ghost trigger button, an optional non-interactive header (greeting, status), then items that
 * are router links (`to`) or actions (`onSelect`). Keyboard, focus and dismissal are Radix's
 * (see dropdown-menu-impl.tsx). Used by the header's account menu (storefront.md 2).
 *
 * Page weight: the Radix implementation (with its positioning engine) is a separate chunk, fetched
 * when a menu is first rendered. Until it arrives the trigger is drawn as a plain button that looks
 * the same; a click on it then opens the menu as soon as the chunk is in.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from './button.tsx';
import type { DropdownMenuProps } from './dropdown-menu-types.ts';

export type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu-types.ts';

const load = () => import('./dropdown-menu-impl.tsx');
const DropdownMenuImpl = lazy(() => load().then((module) => ({ default: module.DropdownMenuImpl })));

export function DropdownMenu(props: DropdownMenuProps) {
  const [wanted, setWanted] = useState(false);
  const fallback = (
    <Button variant="ghost" className={props.triggerClassName} aria-label={props.triggerLabel} aria-haspopup="menu" aria-expanded={false} onClick={() => setWanted(true)}>
      {props.trigger}
    </Button>
  );
  return (
    <Suspense fallback={fallback}>
      <DropdownMenuImpl {...props} defaultOpen={wanted} />
    </Suspense>
  );
}
