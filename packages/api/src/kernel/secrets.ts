import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens, passcode tokens, link tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six decimal digits from the CSPRNG, leading zeros kept. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Hex SHA-256 of the parts joined by ':'. Secrets are stored only this way. */
export function sha256(...parts: string[]): string {
  return createHash('sha256').update(parts.join(':')).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
