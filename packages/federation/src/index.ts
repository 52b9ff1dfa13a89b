export type {
  AccountAlertsProps,
  ExposedModule,
  PrefetchContext,
  RemoteModuleContracts,
  RemoteModules,
  RemoteName,
  RoutePageModule,
  RoutePageProps,
  SignInDialogProps,
} from './contract';
export { containerName, isRemoteName, remoteExposes, remoteNames, SERVER_DIR } from './contract';
export type { RemotePreviewNotice } from './previews';
export {
  endedPreviewCookie,
  isPreviewToken,
  PREVIEW_COOKIE,
  previewCookie,
  previewTokenFromCookies,
  removePreviewCookie,
  storePreviewCookie,
} from './previews';
export type { EntryChainsInput, RemoteEntryChains, RemoteRollout } from './rollouts';
export {
  allowedEntries,
  BROWSER_ID_COOKIE,
  browserIdFromCookies,
  canaryBucket,
  entryOrigin,
  remoteEntryChains,
  rolloutEntries,
} from './rollouts';
export type { RuntimeConfig } from './runtime-config';
export { parseRuntimeConfig } from './runtime-config';
