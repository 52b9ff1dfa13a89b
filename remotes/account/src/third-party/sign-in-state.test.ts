import { describe, expect, it } from 'vitest';
import { decodeSignInState, encodeSignInState } from './sign-in-state';

describe('third-party sign-in state', () => {
  it.each(['/1/services?location=101', '/', '/2/profile', '/1/services?procedure=4&addons=10,11', '/1/café'])(
    'decodes %j back to the path it encoded',
    (path) => {
      expect(decodeSignInState(encodeSignInState(path))).toBe(path);
    },
  );

  it('is plain base64 of the path, URL-safe and unpadded', () => {
    expect(encodeSignInState('/1/services')).toBe(btoa('/1/services').replace(/=+$/, ''));
    expect(encodeSignInState('/?a=>>>')).not.toMatch(/[+/=]/);
  });

  it('decodes padded standard base64 too', () => {
    expect(decodeSignInState(btoa('/1/profile'))).toBe('/1/profile');
  });

  it.each([null, undefined, ''])(
    'gives null for no state (%j), so the callback goes to the root',
    (state) => {
      expect(decodeSignInState(state)).toBeNull();
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    '/1/x\ny',
  ])('refuses %j: not a path of this site', (target) => {
    expect(decodeSignInState(encodeSignInState(target))).toBeNull();
  });

  it('refuses text that is not base64', () => {
    expect(decodeSignInState('%%%')).toBeNull();
  });
});
