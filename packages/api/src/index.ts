// The package's public entry, for e2e tests, benchmarks and scripts.

export type { App, AppOptions } from './app';
export { createApp } from './app';
export type { AppConfig } from './config';
export { loadConfig } from './config';
export { demoClientPassword, demoClients } from './db/demo/demo-clients';
export type { MigrateResult, Migration } from './db/migrate';
export { migrate } from './db/migrate';
export type { SeedOptions, SeedResult } from './db/seed';
export { seedDemo } from './db/seed';
export { csrfHeaderName } from './http/hardening';
export type { IdentityConfig } from './identity';
export { oidcDevClients } from './identity';
export { createDatabase } from './kernel/database/create-database';
export type { Database, DatabaseConfig, Db } from './kernel/database/database';
export type { OidcDevProviderOptions, RunningOidcDevProvider } from './oidc-dev-provider/dev-provider';
export { startOidcDevProvider } from './oidc-dev-provider/dev-provider';
export type { RunningServer } from './start-server';
export { startServer } from './start-server';
