/**
 * The platform module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { default as platformPlugin, type PlatformServices } from './platform.plugin.ts';
export { CANARY_CHECK_INTERVAL_MS, CanaryGuard } from './canary-guard.ts';
export { default as releaseHealthPlugin } from './release-health.plugin.ts';
export { CRASHED_SESSIONS_PER_ADDRESS, ReleaseHealthService, sessionKeyOf } from './release-health.service.ts';
export { ReleaseSessionSchema, WebVitalSampleSchema } from './release-health.entities.ts';
export { CanaryReportTokens } from './canary-report-token.ts';
export { CompositionService } from './composition.service.ts';
export { manifestStyleSheets, sriHash, verifyRelease } from './release-verifier.ts';
export { InvalidStyleSheetNameError, liveWeight, shellCompatibilityProblems, styleSheetHashes, weightRefusal } from './release-checks.ts';
export type { BuildFileReader, LiveWeight, ManifestShared, WeightDecision } from './release-checks.ts';
export type { FederationManifest, ReleaseToVerify } from './release-verifier.ts';
export { RemoteRegistryService } from './remote-registry.ts';
export { RemoteActivationSchema, RemoteCanaryClientSchema, RemoteCanarySchema, RemoteReleaseSchema } from './remote-release.entities.ts';
export { isServedVersion, markCanaryClientErrored, RemoteReleaseService } from './remote-releases.service.ts';
export type { ReleaseActor } from './remote-releases.service.ts';
