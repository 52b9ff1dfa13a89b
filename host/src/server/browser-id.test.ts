import { describe, expect, it } from 'vitest';
import { browserIdSignature, newSignedBrowserId, verifiedBrowserId } from './browser-id';

const secret = 'a-test-host-secret-of-at-least-32-chars';
const id = '123e4567-e89b-12d3-a456-426614174000';

describe('browser ids signed by the host', () => {
  it('signs as the API checks: HMAC-SHA256 of the id under HOST_SECRET (the same example as the API test)', () => {
    expect(browserIdSignature(id, secret)).toBe('x3y2BbZVahLsJywBRBSxvaU0a5CXbPIjtBFp9zVqJyA');
  });

  it('gives a new browser a random id and a cookie value that verifies to it', () => {
    const first = newSignedBrowserId(secret);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.value).toBe(`${first.id}.${browserIdSignature(first.id, secret)}`);
    expect(verifiedBrowserId(first.value, secret)).toBe(first.id);
    expect(newSignedBrowserId(secret).id).not.toBe(first.id);
  });

  it('refuses an unsigned id, a made-up signature, another secret and anything else', () => {
    const { value } = newSignedBrowserId(secret);
    for (const made of [
      id,
      `${id}.`,
      `${id}.x3y2BbZVahLsJywBRBSxvaU0a5CXbPIjtBFp9zVqJyB`,
      `${id.replace('1', '2')}.x3y2BbZVahLsJywBRBSxvaU0a5CXbPIjtBFp9zVqJyA`,
      '<script>',
      '',
      undefined,
    ]) {
      expect(verifiedBrowserId(made, secret), String(made)).toBeNull();
    }
    expect(verifiedBrowserId(value, 'another-host-secret-of-at-least-32-chars')).toBeNull();
  });
});
