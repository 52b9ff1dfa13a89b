export type {
  AccountAlertsProps,
  ExposedModule,
  PrefetchContext,
  RemoteName,
  RoutePageModule,
  RoutePageProps,
  SignInDialogProps,
} from './contract';
export { containerName, isRemoteName, remoteExposes, remoteNames, SERVER_DIR } from './contract';
export type { RuntimeConfig } from './runtime-config';
export { parseRuntimeConfig } from './runtime-config';
