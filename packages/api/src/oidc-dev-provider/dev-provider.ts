import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import escapeHtml from 'escape-html';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';
import { defaultOidcDevPort, oidcDevClients, oidcDevIssuer, oidcDevWebOrigins } from '../identity';
import { errorFields, logger } from '../kernel/logger';

export interface OidcDevProviderOptions {
  /** 0 picks a free port. Default 4001. */
  port?: number;
  /** Extra web origins whose /auth/{google,apple}/callback may receive codes (tests, other ports). */
  webOrigins?: string[];
  /** The process's NODE_ENV (read from the environment by default): production refuses to start. */
  nodeEnv?: string;
}

/** Why the provider does not start in production: it signs anyone in as any email address. */
export const oidcDevProviderInProduction =
  'The OIDC dev provider signs anyone in as any email address: it does not start with NODE_ENV=production.';

/** Only this machine reaches the provider (the browser and the API of a developer's machine). */
export const oidcDevProviderHost = '127.0.0.1';

export interface RunningOidcDevProvider {
  /** e.g. http://localhost:4001; discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** The address it listens on (loopback only). */
  address: string;
  port: number;
  close(): Promise<void>;
}

const scope = 'openid email profile';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) that stands in for both Google and
 * Apple on a developer machine: one issuer with two confidential clients, the authorization-code
 * flow with a client secret and, like the real ones, PKCE (S256) required and the nonce carried into
 * the ID token; a login page where you type any email address. The ID token carries email,
 * email_verified, given_name and family_name derived from that address. Like Apple, the Apple client
 * must ask for response_mode=form_post: the answer is posted to its redirect URI, with the person's
 * name and email as `user` JSON on their first sign-in.
 */
export async function startOidcDevProvider(
  options: OidcDevProviderOptions = {},
): Promise<RunningOidcDevProvider> {
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production')
    throw new Error(oidcDevProviderInProduction);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? defaultOidcDevPort, oidcDevProviderHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const issuer = oidcDevIssuer(port);
  const provider = await createDevProvider(issuer, [...oidcDevWebOrigins, ...(options.webOrigins ?? [])]);
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (
      url.pathname === '/auth' &&
      url.searchParams.get('client_id') === oidcDevClients.apple.clientId &&
      url.searchParams.get('response_mode') !== 'form_post'
    ) {
      // Apple requires form_post when the scope asks for name or email.
      sendHtml(
        res,
        400,
        page('Sign-in error', '<p>The Apple client must ask for <code>response_mode=form_post</code>.</p>'),
      );
      return;
    }
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (interaction) {
      handleInteraction(provider, req, res).catch((error: unknown) => {
        logger.error(errorFields(error, { stack: true }), 'OIDC dev provider interaction failed');
        if (!res.headersSent)
          sendHtml(res, 400, page('Sign-in failed', `<p>${escapeHtml(String(error))}</p>`));
      });
      return;
    }
    callback(req, res);
  });

  return {
    issuer,
    address,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type DevProvider = Provider & { emailsByAccount: Map<string, string> };

async function createDevProvider(issuer: string, webOrigins: string[]): Promise<DevProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'dev-rs256', alg: 'RS256', use: 'sig' };
  // Where each answers: Google to the callback page, Apple (form_post) to the API's endpoint for it.
  const redirectPaths = { google: '/auth/google/callback', apple: '/auth/apple/form-post' } as const;
  const client = (name: 'google' | 'apple'): ClientMetadata => ({
    client_id: oidcDevClients[name].clientId,
    client_secret: oidcDevClients[name].clientSecret,
    client_name: name === 'google' ? 'Google (local stand-in)' : 'Apple (local stand-in)',
    redirect_uris: [...new Set(webOrigins)].map((origin) => `${origin}${redirectPaths[name]}`),
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
    scope,
  });
  // Account ids (the subject) are derived from the email, so they survive a restart of the provider.
  const emailsByAccount = new Map<string, string>();
  const configuration: Configuration = {
    clients: [client('google'), client('apple')],
    findAccount: (_ctx, accountId) => {
      const email = emailsByAccount.get(accountId);
      return email ? { accountId, claims: () => claimsFor(email) } : undefined;
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google: the scope's claims go into the ID token itself, not only into userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Like Google and Apple (and RFC 9700): every authorization request carries an S256 code
    // challenge, and the code is redeemed only with its verifier.
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: 10 * 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`);
    },
  };
  const provider = Object.assign(new Provider(issuer, configuration), { emailsByAccount });
  // Koa would otherwise only print these when DEBUG is set.
  provider.on('server_error', (_ctx, error) =>
    logger.error(errorFields(error, { stack: true }), 'OIDC dev provider error'),
  );
  // Like Apple: the first answer to the Apple client for a person carries their name and email as
  // `user` JSON beside the code; later ones do not.
  const namedToApple = new Set<string>();
  provider.on('authorization.success', (ctx, out) => {
    if (!out || ctx.oidc.client?.clientId !== oidcDevClients.apple.clientId) return;
    if (ctx.oidc.params?.response_mode !== 'form_post') return;
    const accountId = ctx.oidc.session?.accountId;
    const email = accountId ? emailsByAccount.get(accountId) : undefined;
    if (!accountId || !email || namedToApple.has(accountId)) return;
    namedToApple.add(accountId);
    const claims = claimsFor(email);
    out.user = JSON.stringify({
      name: { firstName: claims.given_name, lastName: claims.family_name },
      email,
    });
  });
  return provider;
}

async function handleInteraction(
  provider: DevProvider,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const clientId = String(details.params.client_id ?? '');
  const standsInFor = clientId === oidcDevClients.apple.clientId ? 'Apple' : 'Google';

  if (details.prompt.name === 'login') {
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
        sendHtml(res, 200, loginPage(details.uid, standsInFor, 'Please enter a valid email address.'));
        return;
      }
      const accountId = claimsFor(email).sub;
      provider.emailsByAccount.set(accountId, email);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    sendHtml(res, 200, loginPage(details.uid, standsInFor));
    return;
  }

  // Consent is implied: grant what the client asked for and carry on.
  const accountId = details.session?.accountId;
  if (!accountId) throw new Error('No signed-in account for this interaction');
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId, clientId });
  if (!grant) throw new Error('Grant not found');
  grant.addOIDCScope(String(details.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** Stable claims from an email: jane.doe@example.com is Jane Doe with subject dev-<hash>. */
export function claimsFor(email: string) {
  const [localPart = ''] = email.split('@');
  const words = localPart
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const givenName = words[0] ?? 'Dev';
  const familyName = words.slice(1).join(' ') || 'User';
  return {
    sub: `dev-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`,
    email,
    email_verified: true,
    name: `${givenName} ${familyName}`,
    given_name: givenName,
    family_name: familyName,
  };
}

function loginPage(uid: string, standsInFor: string, error?: string): string {
  return page(
    `Sign in with ${standsInFor}`,
    `<p>Local development provider standing in for <strong>${standsInFor}</strong>. Type any email address: no password.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" autofocus required>
  ${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
  <button type="submit">Continue</button>
</form>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;box-sizing:border-box;margin-top:.5rem}
input,button{padding:.6rem;font-size:1rem}.error{color:#b91c1c}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('Form too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
