/** This run's prepared databases (databases.ts): PGlite dumps in `dir`, PostgreSQL templates named with `runId`. */
export interface PreparedStore {
  dir: string;
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    preparedDatabases: PreparedStore;
  }
}
