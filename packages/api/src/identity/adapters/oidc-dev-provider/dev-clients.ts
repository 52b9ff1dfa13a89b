// The local OpenID Connect provider's fixed clients. The API defaults to them outside production, so
// both stay in step without any configuration. Development-only secrets, not credentials.

export const defaultOidcDevPort = 4001;

export const oidcDevClients = {
  google: { clientId: 'atrium-google-dev', clientSecret: 'atrium-google-dev-secret' },
  apple: { clientId: 'atrium-apple-dev', clientSecret: 'atrium-apple-dev-secret' },
} as const;

/** Where the web app receives the authorization code: the host (3000) and the e2e host (5100). */
export const oidcDevWebOrigins = ['http://localhost:3000', 'http://localhost:5100'] as const;

export function oidcDevIssuer(port: number = defaultOidcDevPort): string {
  return `http://localhost:${port}`;
}
