import { type PersistentStore, setPersistentEngine } from '@nanostores/persistent';
import { safePersistentEvents } from './test-support/persistent-events';

// happy-dom's localStorage answers `delete storage[key]` with false for a missing key (browsers answer
// true, as WebIDL says), which throws in strict-mode code. Tests therefore reach the same localStorage
// through getItem/setItem/removeItem; what ends up stored is identical.
const localStorageByMethods = new Proxy({} as PersistentStore, {
  get: (_target, key) => (typeof key === 'string' ? (localStorage.getItem(key) ?? undefined) : undefined),
  set: (_target, key, value) => {
    localStorage.setItem(String(key), String(value));
    return true;
  },
  deleteProperty: (_target, key) => {
    localStorage.removeItem(String(key));
    return true;
  },
  has: (_target, key) => typeof key === 'string' && localStorage.getItem(key) !== null,
});

setPersistentEngine(localStorageByMethods, safePersistentEvents);
