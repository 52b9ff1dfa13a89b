import {
  type PersistentEvents,
  type PersistentStore,
  setPersistentEngine,
  windowPersistentEvents,
} from '@nanostores/persistent';

/**
 * @nanostores/persistent's window listeners, made to outlive the test environment:
 * a store's listeners are removed a second after its last subscriber leaves (nanostores' unmount
 * delay), which can fall after the environment has taken `window` away. Then there is nothing to
 * remove from, instead of an uncaught ReferenceError failing the whole run.
 */
export const safePersistentEvents: PersistentEvents = {
  addEventListener: (...args) => windowPersistentEvents.addEventListener(...args),
  removeEventListener: (...args) => {
    if (typeof window !== 'undefined') windowPersistentEvents.removeEventListener(...args);
  },
};

/** Points @nanostores/persistent at `storage`, with those listeners. */
export function installPersistentEngine(storage: Storage): void {
  setPersistentEngine(storage as unknown as PersistentStore, safePersistentEvents);
}

installPersistentEngine(globalThis.localStorage);
