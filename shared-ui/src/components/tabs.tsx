/**
 * Tabs (shared-ui) on Radix Tabs: a tablist with roving focus (arrow keys, Home, End), each tab
 * controlling its panel. Compose `Tabs` > `TabsList` > `TabsTrigger`, plus one `TabsContent`
 * per value; name the list with `aria-label`.
 *
 * Page weight: the Radix implementation (tabs-impl.tsx) is a separate chunk, fetched where tabs
 * are first rendered, so pages without tabs load no Radix Tabs (split when all of shared-ui was an
 * untree-shaken federation singleton; now only its state and router are shared).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type * as Impl from './tabs-impl.tsx';

const load = () => import('./tabs-impl.tsx');
const Root = lazy(() => load().then((module) => ({ default: module.Tabs })));
const List = lazy(() => load().then((module) => ({ default: module.TabsList })));
const Trigger = lazy(() => load().then((module) => ({ default: module.TabsTrigger })));
const Content = lazy(() => load().then((module) => ({ default: module.TabsContent })));


export function Tabs(props: ComponentProps<typeof Impl.Tabs>) {
  return (
    <Suspense fallback={null}>
      <Root {...props} />
    </Suspense>
  );
}

export function TabsList(props: ComponentProps<typeof Impl.TabsList>) {
  return <List {...props} />;
}

export function TabsTrigger(props: ComponentProps<typeof Impl.TabsTrigger>) {
  return <Trigger {...props} />;
}

export function TabsContent(props: ComponentProps<typeof Impl.TabsContent>) {
  return <Content {...props} />;
}
