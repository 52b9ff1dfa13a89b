import PgBoss from 'pg-boss';
import type { Database } from '../database/database';
import { bossDb } from './pg-boss-db';
import { jobSchema, queues } from './queues';

/**
 * Installs (or upgrades) pg-boss's schema and creates every queue. Part of migrating the database, so
 * whatever writes to the outbox can create jobs even in a process that runs no workers.
 */
export async function installJobEngine(database: Database): Promise<void> {
  const boss = new PgBoss({ db: bossDb(database), schema: jobSchema, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const queue of Object.values(queues)) {
      const existing = await boss.getQueue(queue.name);
      if (existing) await boss.updateQueue(queue.name, { name: queue.name, ...queue.options });
      else await boss.createQueue(queue.name, { name: queue.name, ...queue.options });
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}
