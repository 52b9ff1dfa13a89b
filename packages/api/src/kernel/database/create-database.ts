import type { Database, DatabaseConfig } from './database';
import { createPgliteDatabase } from './pglite';
import { createPostgresDatabase } from './postgres';

/** The one place that picks the database implementation from configuration. */
export function createDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres'
    ? createPostgresDatabase(config.url)
    : createPgliteDatabase(config.dataDir);
}
