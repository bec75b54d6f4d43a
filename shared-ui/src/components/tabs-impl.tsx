/**
 * Tabs implementation (loaded by tabs.tsx on first use) on Radix Tabs: a tablist with roving focus (arrow keys, Home, End), each tab
 * controlling its panel. Compose `Tabs` > `TabsList` > `TabsTrigger`, plus one `TabsContent`
 * per value; name the list with `aria-label`.
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import styles from './tabs.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={join(styles.root, className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={join(styles.list, className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={join(styles.trigger, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={join(styles.content, className)} {...props} />;
}
