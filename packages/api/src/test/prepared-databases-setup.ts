import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { PreparedStore } from './prepared-store';

/** Gives the run a place for its prepared databases, and removes them when it ends. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'atrium-prepared-'));
  const runId = randomBytes(4).toString('hex');
  const store: PreparedStore = { dir, runId };
  project.provide('preparedDatabases', store);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`atrium_tpl_${runId}_%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
