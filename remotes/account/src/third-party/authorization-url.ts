import type { AuthProvider } from '@atrium/graphql-client/identity';
import { encodeSignInState } from './sign-in-state';

/** Spec 2: the Google sign-in requests scope openid email profile (also the API's default scope). */
export const DEFAULT_SCOPE = 'openid email profile';

/** Where the provider sends the browser back: this site's origin and the provider's callback path. */
export function callbackUrl(provider: AuthProvider, origin: string): string {
  return `${origin}${provider.redirectPath}`;
}

/**
 * The provider's authorization URL: client id, redirect back to this site, the code flow, the scope,
 * and the path to return to after signing in as state.
 */
export function authorizationUrl(provider: AuthProvider, origin: string, returnPath: string): string {
  const url = new URL(provider.authorizationEndpoint);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', callbackUrl(provider, origin));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scope.trim() || DEFAULT_SCOPE);
  url.searchParams.set('state', encodeSignInState(returnPath));
  return url.toString();
}
