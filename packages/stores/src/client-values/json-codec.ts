import type { PersistentEncoder } from '@nanostores/persistent';
import type * as z from 'zod/mini';

/**
 * JSON encoding decoded through a schema. A stored value that is not JSON or does not match the
 * schema (an older shape, a hand-edited key) decodes to `fallback` instead of throwing: one bad key
 * must never break start-up. Encoding the fallback itself yields undefined, which makes
 * @nanostores/persistent delete the key, so storage only holds values that differ from the default.
 */
export function jsonCodec<T>(schema: z.ZodMiniType<T>, fallback: T): PersistentEncoder<T> {
  const fallbackJson = JSON.stringify(fallback);
  return {
    encode(value) {
      const json = JSON.stringify(value);
      return json === fallbackJson ? undefined : json;
    },
    decode(encoded) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(encoded);
      } catch {
        return fallback;
      }
      const result = schema.safeParse(parsed);
      return result.success ? result.data : fallback;
    },
  };
}
