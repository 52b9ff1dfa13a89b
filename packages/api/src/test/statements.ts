// How many statements this process sends to PostgreSQL (node-postgres) while some work runs: each
// is a round trip. The scale bench prints it for a booking and a test holds a booking to it.
import pg from 'pg';

export async function countStatements(work: () => Promise<unknown>): Promise<number> {
  const send = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count += 1;
    return (send as (...args: unknown[]) => unknown).apply(this, args);
  } as typeof send;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = send;
  }
  return count;
}
