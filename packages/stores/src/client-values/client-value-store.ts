import { type PersistentEncoder, persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type * as z from 'zod/mini';
import { jsonCodec } from './json-codec';

/** A persistent store together with the default it resets to. */
export interface ClientValueStore<T> {
  readonly key: string;
  readonly store: WritableAtom<T>;
  readonly initial: T;
  /** How the value is kept in storage (JSON; undefined for the default, which is not kept). */
  readonly codec: PersistentEncoder<T>;
}

/**
 * A store kept in localStorage under `key`, JSON-encoded, decoded with `schema`, defaulting to
 * `initial`. Changes made in another tab reach this one through the storage event.
 */
export function createClientValueStore<T>(
  key: string,
  schema: z.ZodMiniType<T>,
  initial: T,
): ClientValueStore<T> {
  // Frozen so a caller mutating a default in place cannot change what later resets restore.
  const frozen = typeof initial === 'object' && initial !== null ? Object.freeze(initial) : initial;
  const codec = jsonCodec(schema, frozen);
  return { key, initial: frozen, codec, store: persistentAtom<T>(key, frozen, codec) };
}
