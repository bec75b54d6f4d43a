/**
 * A widget of another remote rendered inside this one (module-federation habit: each remote
 * exposes its App and a few widgets; the host's federation runtime loads them). Example: the
 * storefront's home shows the admin remote's product manager to admins (storefront.md 2).
 *
 * Remotes never import each other: the shell, which owns the federation runtime, provides the
 * loader once (`provideRemoteWidgetLoader`), and `<RemoteWidget remote="admin" module="ProductManager" />`
 * loads `admin/ProductManager` on first render (a separate chunk, fetched only by whoever sees
 * the widget). The exposed module's default export is the component. While it loads, or if it
 * cannot be loaded or throws, the `fallback` shows (nothing by default) and the page goes on.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

type WidgetLoader = (remote: string, module: string) => Promise<unknown>;

/**
 * What a remote's exposed widget module (any exposed module but `./App`) must export as its
 * default: a component that renders with no props (the shell type-checks the published
 * types of every exposed module, shell/scripts/check-remote-types.ts).
 */
export type RemoteWidgetComponent = ComponentType<Record<string, unknown>>;

let loader: WidgetLoader | null = null;
const widgets = new Map<string, RemoteWidgetComponent>();

/** Called once by the shell with its federation runtime's `loadRemote`. */
export function provideRemoteWidgetLoader(load: WidgetLoader): void {
  loader = load;
}

function widget(remote: string, module: string): RemoteWidgetComponent {
  const key = `${remote}/${module}`;
  let component = widgets.get(key);
  if (!component) {
    component = lazy(async () => {
      if (!loader) throw new Error('no remote widget loader: the shell provides it at start-up');
      const exposed = (await loader(remote, module)) as { default?: RemoteWidgetComponent } | null;
      if (!exposed?.default) throw new Error(`remote "${remote}" exposes no ${module} component`);
      return { default: exposed.default };
    });
    widgets.set(key, component);
  }
  return component;
}

class WidgetBoundary extends Component<{ name: string; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error(`[remote widget] ${this.props.name} failed`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteWidgetProps {
  /** Registry name of the remote exposing the widget, e.g. `admin`. */
  remote: string;
  /** Exposed module name without `./`, e.g. `ProductManager`. */
  module: string;
  /** Shown while loading and when the widget fails. */
  fallback?: ReactNode;
  /** Props passed to the widget. */
  props?: Record<string, unknown>;
}

export function RemoteWidget({ remote, module, fallback = null, props = {} }: RemoteWidgetProps) {
  const Widget = widget(remote, module);
  return (
    <WidgetBoundary name={`${remote}/${module}`} fallback={fallback}>
      <Suspense fallback={fallback}>
        {/* Widget comes from a module-level cache per remote and module: its identity is stable. */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Widget {...props} />
      </Suspense>
    </WidgetBoundary>
  );
}
