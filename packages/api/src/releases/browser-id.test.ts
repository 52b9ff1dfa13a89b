import { describe, expect, it } from 'vitest';
import { browserIdSignature, verifiedBrowserId } from './browser-id';

const secret = 'a-test-host-secret-of-at-least-32-chars';
const id = '123e4567-e89b-12d3-a456-426614174000';
// The host's server signs this id this way (host/src/server/browser-id.test.ts pins the same example).
const signed = `${id}.x3y2BbZVahLsJywBRBSxvaU0a5CXbPIjtBFp9zVqJyA`;

describe("browser ids from the host's cookie", () => {
  it('accept the id the host signed with HOST_SECRET', () => {
    expect(browserIdSignature(id, secret)).toBe('x3y2BbZVahLsJywBRBSxvaU0a5CXbPIjtBFp9zVqJyA');
    expect(verifiedBrowserId(signed, secret)).toBe(id);
  });

  it('refuse made-up browsers: unsigned, a wrong signature or secret, or not an id at all', () => {
    for (const made of [
      id,
      `${id}.`,
      `${signed}x`,
      `${id.replace('4', '5')}${signed.slice(36)}`,
      'browser-0001',
      '',
    ]) {
      expect(verifiedBrowserId(made, secret), made).toBeNull();
    }
    expect(verifiedBrowserId(signed, 'another-host-secret-of-at-least-32-chars')).toBeNull();
    expect(verifiedBrowserId(undefined, secret)).toBeNull();
  });
});
