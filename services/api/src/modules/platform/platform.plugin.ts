/**
 * Platform plugin: decorates `app.platform` with the platform module's services, built once per
 * app: the bootstrap remote registry (file/env, from the config), the release service over it
 * (activation checks, canaries, signed canary report tokens), the verifier of the shell host's
 * signed client ids (`CLIENT_ID_SECRET`, null without it) and the canary guard that the
 * periodic `canary-guard` job runs (jobs.ts). The routes, the system errors and the system status
 * use these instances.
 */
import fp from 'fastify-plugin';
import { ClientIdSigner } from '@prata/contracts/client-id';
import { CanaryGuard } from './canary-guard.ts';
import { CanaryReportTokens } from './canary-report-token.ts';
import { verifyRelease, type ReleaseToVerify } from './release-verifier.ts';
import { RemoteRegistryService } from './remote-registry.ts';
import { RemoteReleaseService } from './remote-releases.service.ts';

/** The platform module's services of one app. */
export interface PlatformServices {
  registry: RemoteRegistryService;
  releases: RemoteReleaseService;
  canaryGuard: CanaryGuard;
  /** Verifies the client ids the shell's host signed (contracts/client-id.ts); null when `CLIENT_ID_SECRET` is unset. */
  clientIds: ClientIdSigner | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformServices;
  }
}

export default fp(
  async (app) => {
    const registry = new RemoteRegistryService(app.config.remoteOrigins, app.config.remoteRegistryFile, app.log);
    const verify = (release: ReleaseToVerify) => verifyRelease(release, { allowedOrigins: app.config.releaseOrigins, log: app.log });
    const tokens = new CanaryReportTokens(app.config.jwtSecret);
    const reportTokens = { issue: (remote: string, version: string, clientId: string) => tokens.issue(remote, version, clientId, app.clock.now()) };
    const releases = new RemoteReleaseService(registry, app.events, verify, reportTokens);
    const canaryGuard = new CanaryGuard(releases, app.releaseHealth, app.config.canaryMinVitalsSessions, () => app.clock.now());
    const clientIds = app.config.clientIdSecret ? new ClientIdSigner(app.config.clientIdSecret) : null;
    app.decorate('platform', { registry, releases, canaryGuard, clientIds });
  },
  { name: 'platform', dependencies: ['config', 'clock', 'events', 'release-health'] },
);
