import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from './database';

export interface PgliteDatabase extends Database {
  /** The whole data folder as a tar archive, which `loadDataDir` starts another database from. */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WebAssembly): a folder on disk, or memory when no folder is given; started
 * from a dumped data folder when `loadDataDir` is given (the tests' prepared databases).
 */
export async function createPgliteDatabase(dataDir?: string, loadDataDir?: Blob): Promise<PgliteDatabase> {
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  // btree_gist backs the EXCLUDE constraints that keep bookings from overlapping.
  const client = await PGlite.create(inMemory ? 'memory://' : dataDir, {
    extensions: { btree_gist },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db: Db = drizzle({ client });
  return {
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    db,
    async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
      if (params?.length) return { rows: (await client.query<Row>(text, params)).rows };
      // The simple protocol, which runs several statements; the last one's rows are the answer.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Row[] };
    },
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await tx.query<Row>(text, params)).rows,
        }),
      ),
    close: () => client.close(),
  };
}
