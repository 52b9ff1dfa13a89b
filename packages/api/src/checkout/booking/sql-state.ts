// PostgreSQL's SQLSTATE codes the booking tells apart, and how to read one from a driver's error.

/** An EXCLUSION constraint refused the row (for an appointment: the practitioner is taken). */
export const exclusionViolation = '23P01';
export const deadlockDetected = '40P01';

/** The SQLSTATE of a database error, also when wrapped (Drizzle puts the driver's error in `cause`). */
export function sqlState(error: unknown): string | null {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; ) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
