/**
 * Loads a remote's exposed `./App` (a React component owning the remote's routes).
 * @throws Error when the remote cannot be reached or exposes no component.
 */
import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export async function loadRemoteApp(name: string): Promise<{ default: ComponentType }> {
  const module = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
  if (!module?.default) throw new Error(`remote "${name}" exposes no App component`);
  return { default: module.default };
}
