import { type ClientValuesSnapshot, restoreClientValues } from '@atrium/stores';

/**
 * Runs work with the stores holding a request's values, then puts them back to the defaults. The
 * stores are one set for the whole process, so such work takes turns; it never waits on the network
 * (data and modules are loaded before), so the turns are short.
 */
export function createClientValuesScope() {
  const inTurn = createTaskQueue();
  return <T>(values: ClientValuesSnapshot, work: () => T | Promise<T>): Promise<T> =>
    inTurn(async () => {
      restoreClientValues(values);
      try {
        return await work();
      } finally {
        restoreClientValues({});
      }
    });
}

export type ClientValuesScope = ReturnType<typeof createClientValuesScope>;

/** Runs tasks one after another, each once the one before has settled (a failure does not stop the queue). */
export function createTaskQueue() {
  let last: Promise<unknown> = Promise.resolve();
  return function run<T>(task: () => T | Promise<T>): Promise<T> {
    const next = last.then(task);
    last = next.catch(() => undefined);
    return next;
  };
}
