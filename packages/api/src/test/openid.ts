import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * Goes through the authorization-code flow of the local OIDC provider as a browser would: opens the
 * authorization URL, types the email on the login page, follows the redirects and returns the code
 * from the callback URL.
 */
export async function signInAtDevProvider(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  state?: string;
}): Promise<{ code: string; state: string | null }> {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
  const authorize = new URL(`${options.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: options.state ?? 'test-state',
  }).toString();

  let response = await go(authorize.toString());
  let location = new URL(response.headers.get('location') ?? '', options.issuer).toString();
  const loginPage = await go(location);
  if (!(await loginPage.text()).includes('name="email"')) throw new Error('No login page at the provider');
  response = await go(location, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email }),
  });
  for (let hop = 0; hop < 10; hop++) {
    location = new URL(response.headers.get('location') ?? '', options.issuer).toString();
    if (location.startsWith(options.redirectUri)) {
      const callback = new URL(location);
      const code = callback.searchParams.get('code');
      if (!code) throw new Error(`No code in ${location}`);
      return { code, state: callback.searchParams.get('state') };
    }
    if (response.status < 300 || response.status >= 400)
      throw new Error(`Provider stopped at ${response.status}`);
    response = await go(location);
  }
  throw new Error('Too many redirects at the provider');
}

/**
 * A stand-in OpenID provider whose token endpoint answers with whatever ID token the test signs: for
 * tokens a real provider would never issue (wrong key, audience, issuer, expiry).
 */
export async function startFakeOpenIdProvider() {
  const trusted = await generateKeyPair('RS256');
  const untrusted = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  let nextIdToken = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      });
    } else if (url.pathname === '/jwks') {
      json(200, { keys: [jwk] });
    } else if (url.pathname === '/token' && req.method === 'POST') {
      json(200, { access_token: 'unused', token_type: 'Bearer', id_token: nextIdToken });
    } else {
      json(404, { error: 'not_found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    /** Signs the ID token the token endpoint returns next; `untrustedKey` signs with a key not in the JWKS. */
    async willIssue(claims: JWTPayload, options: { untrustedKey?: boolean } = {}) {
      const key = options.untrustedKey ? untrusted.privateKey : trusted.privateKey;
      nextIdToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'key-1' }).sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
