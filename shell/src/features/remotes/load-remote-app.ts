/**
 * Loads a remote's exposed `./App` (a React component owning the remote's routes). A failure is
 * reported to the service as a `remote_load_failure` with the remote's name, manifest URL and
 * registry version (issue 11), then thrown as a RemoteLoadError for the remote's error boundary.
 * @throws RemoteLoadError when the remote cannot be reached or exposes no component.
 */
import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteManifestUrl, remoteVersion, reportError } from '@prata/shared-ui';

/** A remote that could not be loaded (already reported to the service). */
export class RemoteLoadError extends Error {
  readonly remote: string;

  constructor(remote: string, cause: unknown) {
    super(`remote "${remote}" could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}

export async function loadRemoteApp(name: string): Promise<{ default: ComponentType }> {
  try {
    const module = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
    if (!module?.default) throw new Error(`remote "${name}" exposes no App component`);
    return { default: module.default };
  } catch (error) {
    const failure = new RemoteLoadError(name, error);
    const manifestUrl = remoteManifestUrl(name);
    const version = remoteVersion(name);
    reportError({
      errorType: 'remote_load_failure',
      errorMessage: failure.message,
      ...(failure.stack || (error instanceof Error && error.stack) ? { errorStack: (error instanceof Error && error.stack) || failure.stack } : {}),
      remote: name,
      ...(manifestUrl ? { manifestUrl } : {}),
      ...(version ? { version } : {}),
    });
    throw failure;
  }
}
