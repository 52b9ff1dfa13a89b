import type { AuthProvider } from '@atrium/graphql-client/identity';
import { describe, expect, it } from 'vitest';
import { authorizationUrl } from './authorization-url';
import { decodeSignInState } from './sign-in-state';

const google: AuthProvider = {
  provider: 'GOOGLE',
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  clientId: 'google-client',
  scope: 'openid email profile',
  redirectPath: '/auth/google/callback',
};

describe('authorizationUrl', () => {
  it('asks for a code with the client id, the callback on this origin, the scope and the return path', () => {
    const url = new URL(authorizationUrl(google, 'https://book.example', '/1/services?location=101'));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'google-client',
      redirect_uri: 'https://book.example/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      state: expect.any(String),
    });
    expect(decodeSignInState(url.searchParams.get('state'))).toBe('/1/services?location=101');
  });

  it('keeps query parameters the endpoint already has', () => {
    const url = new URL(
      authorizationUrl(
        { ...google, authorizationEndpoint: 'http://localhost:4001/auth?x=1' },
        'http://localhost:3000',
        '/',
      ),
    );
    expect(url.searchParams.get('x')).toBe('1');
  });

  it('falls back to openid email profile when the provider names no scope', () => {
    const url = new URL(authorizationUrl({ ...google, scope: ' ' }, 'https://book.example', '/'));
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });
});
