// The releases context's public entry: what other contexts, the composition root and tests use of it.
export { browserIdOf } from './browser-id';
export { canaryViewLifetimeMs } from './canary-views';
export { useCanaryViews } from './canary-views-endpoint';
export type { ReleasesConfig } from './config';
export { loadReleasesConfig, localRemoteOrigins } from './config';
export { failureReportLifetimeMs } from './failure-reports';
export type { ReleasePorts, ReleasesContext } from './ports';
export type { RemoteReleaseView } from './registry';
export { assertAllowedOrigin, listReleases, promoteRelease, rollbackRemote } from './registry';
export type { RolloutScope, RolloutState, Transaction } from './rollout-states';
export { appendState, currentState, lockScope, sameContent, stateById, urlVersion } from './rollout-states';
export type { RemoteRolloutView } from './rollouts';
export { rolloutsJson } from './rollouts';
export type { RemoteName } from './tables';
export { remoteCanaryViews, remoteFailureReports, remoteNames, remoteReleases } from './tables';
