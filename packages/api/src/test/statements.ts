// What this process sends to PostgreSQL (node-postgres) while some work runs: each statement is a
// round trip, and a wait is a statement sent while no other was in flight (statements sent together
// on several connections cost one wait). The scale bench prints both for a booking and a test holds
// a booking to them.
import pg from 'pg';

export interface StatementCount {
  statements: number;
  waits: number;
}

export async function countStatements(work: () => Promise<unknown>): Promise<StatementCount> {
  const send = pg.Client.prototype.query;
  const count: StatementCount = { statements: 0, waits: 0 };
  let inFlight = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count.statements += 1;
    if (inFlight === 0) count.waits += 1;
    inFlight += 1;
    const done = () => {
      inFlight -= 1;
    };
    // The pool passes a callback (its last argument); a client used directly answers a promise.
    const callback = args.findLastIndex((arg) => typeof arg === 'function');
    if (callback !== -1) {
      const answer = args[callback] as (...results: unknown[]) => unknown;
      args[callback] = (...results: unknown[]) => {
        done();
        return answer(...results);
      };
    }
    let sent: unknown;
    try {
      sent = (send as (...args: unknown[]) => unknown).apply(this, args);
    } catch (error) {
      done();
      throw error;
    }
    if (callback === -1) {
      if (sent instanceof Promise) sent.then(done, done);
      else done();
    }
    return sent;
  } as typeof send;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = send;
  }
  return count;
}
