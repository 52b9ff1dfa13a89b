// The package's public entry, for e2e tests, benchmarks and scripts.

export { createDatabase } from './adapters/database/create-database';
export type { Database, DatabaseConfig, Db } from './adapters/database/database';
export type { App, AppOptions } from './app';
export { createApp } from './app';
export type { AppConfig } from './config';
export { loadConfig } from './config';
export type { MigrateResult, Migration } from './db/migrate';
export { migrate } from './db/migrate';
export type { SeedOptions, SeedResult } from './db/seed';
export { seedDemo } from './db/seed';
export type { RunningServer } from './start-server';
export { startServer } from './start-server';
