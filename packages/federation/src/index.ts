export type {
  AccountAlertsProps,
  ExposedModule,
  RemoteName,
  RoutePageProps,
  SignInDialogProps,
} from './contract';
export { containerName, isRemoteName, remoteExposes, remoteNames } from './contract';
export type { RuntimeConfig } from './runtime-config';
export { parseRuntimeConfig } from './runtime-config';
