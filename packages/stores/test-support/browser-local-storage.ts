import { installPersistentEngine } from './persistent-events';

// happy-dom's localStorage refuses `delete storage[key]` for a missing key (browsers allow it), which
// the persisted stores of @atrium/stores do when a value returns to its default. A map-backed
// stand-in that behaves like a browser's, installed before any test module reads localStorage.
const items = new Map<string, string>();
const methods: Record<string, unknown> = {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, String(value)),
  removeItem: (key: string) => void items.delete(key),
  clear: () => items.clear(),
  key: (index: number) => [...items.keys()][index] ?? null,
};
const storage = new Proxy(methods, {
  get: (target, key) =>
    key === 'length'
      ? items.size
      : typeof key === 'string' && key in target
        ? target[key]
        : items.get(String(key)),
  set: (_target, key, value) => {
    items.set(String(key), String(value));
    return true;
  },
  deleteProperty: (_target, key) => {
    items.delete(String(key));
    return true;
  },
});
Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });

// @nanostores/persistent read the environment's storage when it was imported: it gets the stand-in.
installPersistentEngine(storage as unknown as Storage);
