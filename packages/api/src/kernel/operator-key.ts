import { createHash, timingSafeEqual } from 'node:crypto';

export const operatorKeyHeader = 'x-operator-key';

/** An operator action without the right operator key: FORBIDDEN. */
export class OperatorKeyError extends Error {
  override readonly name = 'OperatorKeyError';
}

/**
 * Refuses an operator action unless the presented key equals the configured one. Both are hashed
 * first so the comparison takes the same time whatever their lengths and contents.
 */
export function assertOperatorKey(presented: string | null, expected: string): void {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!presented || !timingSafeEqual(digest(presented), digest(expected))) {
    throw new OperatorKeyError(`A valid operator key is required (${operatorKeyHeader} header).`);
  }
}
