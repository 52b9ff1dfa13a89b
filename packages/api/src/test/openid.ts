import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/** What a provider sent back: to the redirect URI's query, or as a form posted to it (form_post). */
export interface ProviderAnswer {
  /** The redirect URI the answer went to (without its query). */
  redirectUri: string;
  mode: 'query' | 'form_post';
  /** code, state, iss (and for Apple's first sign-in, user). */
  params: URLSearchParams;
}

/**
 * Goes through the authorization-code flow of the local OIDC provider as a browser would: opens the
 * authorization URL (as the API made it), types the email on the login page, follows the redirects
 * and returns the provider's answer: the callback URL's query, or the fields of the form the provider
 * would have the browser post (response_mode=form_post).
 */
export async function signInAtDevProvider(options: {
  authorizationUrl: string;
  email: string;
}): Promise<ProviderAnswer> {
  const authorization = new URL(options.authorizationUrl);
  const issuer = authorization.origin;
  const redirectUri = authorization.searchParams.get('redirect_uri') ?? '';
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

  let response = await go(authorization.toString());
  let location = new URL(response.headers.get('location') ?? '', issuer).toString();
  if (location.startsWith(redirectUri)) {
    throw new Error(`The provider answered at once: ${location}`);
  }
  const loginPage = await go(location);
  if (!(await loginPage.text()).includes('name="email"')) throw new Error('No login page at the provider');
  response = await go(location, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email }),
  });
  for (let hop = 0; hop < 10; hop++) {
    if (response.status === 200) {
      const form = formPostOf(await response.text());
      if (form?.action !== redirectUri) throw new Error('Provider stopped at a page that posts nowhere');
      return { redirectUri, mode: 'form_post', params: form.params };
    }
    location = new URL(response.headers.get('location') ?? '', issuer).toString();
    if (location.startsWith(redirectUri)) {
      return { redirectUri, mode: 'query', params: new URL(location).searchParams };
    }
    if (response.status < 300 || response.status >= 400)
      throw new Error(`Provider stopped at ${response.status}`);
    response = await go(location);
  }
  throw new Error('Too many redirects at the provider');
}

/** The action and hidden fields of oidc-provider's self-submitting form_post page. */
function formPostOf(html: string): { action: string; params: URLSearchParams } | null {
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) return null;
  const params = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  )) {
    params.append(decodeHtml(name), decodeHtml(value));
  }
  return { action: decodeHtml(action), params };
}

function decodeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_match, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * A stand-in OpenID provider whose token endpoint answers with whatever ID token the test signs: for
 * tokens a real provider would never issue (wrong key, audience, issuer, expiry, nonce). It keeps the
 * last token request so tests can see what the client sent (the PKCE verifier).
 */
export async function startFakeOpenIdProvider() {
  const trusted = await generateKeyPair('RS256');
  const untrusted = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  let nextIdToken = '';
  let lastTokenRequest: URLSearchParams | null = null;
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
        code_challenge_methods_supported: ['S256'],
      });
    } else if (url.pathname === '/jwks') {
      json(200, { keys: [jwk] });
    } else if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        lastTokenRequest = new URLSearchParams(body);
        json(200, { access_token: 'unused', token_type: 'Bearer', id_token: nextIdToken });
      });
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
    /** The form of the last request to the token endpoint, or null. */
    lastTokenRequest: () => lastTokenRequest,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** base64url(SHA-256(verifier)): the S256 code challenge of a PKCE verifier (RFC 7636). */
export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString('base64url');
}
