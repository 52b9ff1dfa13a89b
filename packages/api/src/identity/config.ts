import { z } from 'zod';
import type { MailConfig, SmsConfig } from '../notifications';
import {
  defaultOidcDevPort,
  oidcDevClients,
  oidcDevIssuer,
  oidcDevWebOrigins,
} from './adapters/oidc-dev-provider/dev-clients';

/** How the API proves itself to a provider's token endpoint. */
export type ClientSecretConfig =
  | { kind: 'static'; value: string }
  /** Apple's client secret is a short-lived ES256 JWT signed with the team's private key. */
  | { kind: 'apple-signed'; teamId: string; keyId: string; privateKeyPem: string };

export interface OpenIdProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: ClientSecretConfig;
  /** Scope the browser asks for when it starts a sign-in. */
  scope: string;
}

export interface IdentityConfig {
  /** Origins of the web app that emailed links may point at (requestResetPassword's webOriginUrl). */
  webOrigins: string[];
  mail: MailConfig;
  sms: SmsConfig;
  providers: { google: OpenIdProviderConfig | null; apple: OpenIdProviderConfig | null };
  /**
   * Signs the short-lived registration tokens of third-party sign-in and the device cookies; shared by
   * every API process.
   */
  registrationTokenSecret: string;
  /**
   * Sign-in codes an hour: for one address from one IP address (tight, so a stranger cannot use up the
   * owner's), for one address from anywhere (a generous ceiling, then slowed down), from one IP
   * address, and for one user from the browsers they signed in from (their own allowance, devices.ts).
   */
  passcodeLimits: {
    perAddressAndClientPerHour: number;
    perAddressPerHour: number;
    perIpPerHour: number;
    perOwnBrowserPerHour: number;
  };
  /** Password registrations an hour from one IP address (3 per address from one IP, 10 per address). */
  registrationsPerIpPerHour: number;
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For (the host's server is one;
   * 0: use the socket). Trusted only on requests that carry `hostSecret`.
   */
  trustProxyHops: number;
  /**
   * The secret the host's server and the API share (HOST_SECRET): the host's requests carry it, which
   * is what makes their X-Forwarded-For trusted, and it signs the browser ids the host gives out.
   */
  hostSecret: string;
  /** `auto`: Secure unless the request comes from localhost. */
  sessionCookieSecure: 'auto' | 'always' | 'never';
  /** The dev mailbox pages (GET /dev/mailbox); never in production. */
  devMailbox: boolean;
}

type NodeEnv = 'development' | 'production' | 'test';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const count = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(0).default(fallback),
  );

const envSchema = z.object({
  WEB_ORIGINS: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z.email('MAIL_FROM must be an email address').default('no-reply@atrium.localhost'),
  ),
  SMS_API_URL: optionalText.pipe(z.url('SMS_API_URL must be a URL').optional()),
  SMS_API_KEY: optionalText,
  SMS_FROM: optionalText,
  OIDC_DEV_PORT: count(defaultOidcDevPort),
  GOOGLE_ISSUER: optionalText.pipe(z.url('GOOGLE_ISSUER must be a URL').optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_SCOPE: optionalText,
  APPLE_ISSUER: optionalText.pipe(z.url('APPLE_ISSUER must be a URL').optional()),
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  APPLE_PRIVATE_KEY: optionalText,
  APPLE_SCOPE: optionalText,
  AUTH_TOKEN_SECRET: optionalText.pipe(
    z.string().min(32, 'AUTH_TOKEN_SECRET must be at least 32 characters').optional(),
  ),
  PASSCODE_LIMIT_PER_EMAIL_AND_IP: count(5),
  PASSCODE_LIMIT_PER_EMAIL: count(30),
  PASSCODE_LIMIT_PER_IP: count(30),
  PASSCODE_LIMIT_PER_DEVICE: count(10),
  REGISTER_LIMIT_PER_IP: count(10),
  TRUST_PROXY_HOPS: count(0),
  HOST_SECRET: optionalText.pipe(z.string().min(32, 'HOST_SECRET must be at least 32 characters').optional()),
  SESSION_COOKIE_SECURE: optionalText.pipe(z.enum(['auto', 'always', 'never']).optional()),
});

const defaultScope = 'openid email profile';
// Outside production only (production-guards.ts refuses it): third-party sign-in works with no
// configuration at all.
export const developmentTokenSecret = 'atrium-development-registration-token-secret';
// The host's server has the same default (host/src/server/host-config.ts), so both agree unconfigured.
export const developmentHostSecret = 'atrium-development-host-secret-shared-by-host-and-api';

/** Reads the identity part of the environment. Throws 'Invalid environment' naming every problem. */
export function loadIdentityConfig(
  env: Record<string, string | undefined>,
  nodeEnv: NodeEnv,
): IdentityConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const production = nodeEnv === 'production';
  const problems: string[] = [];
  const webOrigins = webOriginsOf(values, problems);
  const sms = smsConfig(values, problems);
  const devIssuer = production ? null : oidcDevIssuer(values.OIDC_DEV_PORT);
  const providers = {
    google: googleProvider(values, devIssuer, problems),
    apple: appleProvider(values, devIssuer, problems),
  };
  if (problems.length > 0) throw invalid(problems);

  return {
    webOrigins,
    mail: values.SMTP_URL
      ? { kind: 'smtp', url: values.SMTP_URL, from: values.MAIL_FROM }
      : { kind: 'outbox', from: values.MAIL_FROM },
    sms,
    providers,
    registrationTokenSecret: values.AUTH_TOKEN_SECRET ?? developmentTokenSecret,
    passcodeLimits: {
      perAddressAndClientPerHour: values.PASSCODE_LIMIT_PER_EMAIL_AND_IP,
      perAddressPerHour: values.PASSCODE_LIMIT_PER_EMAIL,
      perIpPerHour: values.PASSCODE_LIMIT_PER_IP,
      perOwnBrowserPerHour: values.PASSCODE_LIMIT_PER_DEVICE,
    },
    registrationsPerIpPerHour: values.REGISTER_LIMIT_PER_IP,
    trustProxyHops: values.TRUST_PROXY_HOPS,
    hostSecret: values.HOST_SECRET ?? developmentHostSecret,
    sessionCookieSecure: values.SESSION_COOKIE_SECURE ?? (production ? 'always' : 'auto'),
    devMailbox: !production,
  };
}

type EnvValues = z.infer<typeof envSchema>;

/** WEB_ORIGINS, comma-separated (the local web app's origins when unset); notes any that is no origin. */
function webOriginsOf(values: EnvValues, problems: string[]): string[] {
  const webOrigins = (values.WEB_ORIGINS?.split(',') ?? [...oidcDevWebOrigins])
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of webOrigins) {
    if (!isOrigin(origin))
      problems.push(`WEB_ORIGINS: ${origin} is not an origin such as https://book.example.com`);
  }
  return webOrigins;
}

/** The SMS provider when all three of its settings are given, the outbox when none is. */
function smsConfig(values: EnvValues, problems: string[]): SmsConfig {
  const { SMS_API_URL: url, SMS_API_KEY: apiKey, SMS_FROM: from } = values;
  if (url && apiKey && from) return { kind: 'http', url, apiKey, from };
  if (url || apiKey || from) {
    problems.push('SMS_API_URL, SMS_API_KEY, SMS_FROM: set all three, or none for the outbox');
  }
  return { kind: 'outbox' };
}

/** The local OIDC provider's client of a provider, outside production (devIssuer null: production). */
function developmentProvider(
  devIssuer: string | null,
  client: { clientId: string; clientSecret: string },
): OpenIdProviderConfig | null {
  if (devIssuer === null) return null;
  return {
    issuer: devIssuer,
    clientId: client.clientId,
    clientSecret: { kind: 'static', value: client.clientSecret },
    scope: defaultScope,
  };
}

function googleProvider(
  values: EnvValues,
  devIssuer: string | null,
  problems: string[],
): OpenIdProviderConfig | null {
  return providerConfig('GOOGLE', problems, {
    issuer: values.GOOGLE_ISSUER,
    clientId: values.GOOGLE_CLIENT_ID,
    clientSecret: values.GOOGLE_CLIENT_SECRET
      ? { kind: 'static', value: values.GOOGLE_CLIENT_SECRET }
      : undefined,
    scope: values.GOOGLE_SCOPE,
    development: developmentProvider(devIssuer, oidcDevClients.google),
  });
}

function appleProvider(
  values: EnvValues,
  devIssuer: string | null,
  problems: string[],
): OpenIdProviderConfig | null {
  return providerConfig('APPLE', problems, {
    issuer: values.APPLE_ISSUER,
    clientId: values.APPLE_CLIENT_ID,
    clientSecret: appleClientSecret(values, problems),
    scope: values.APPLE_SCOPE,
    development: developmentProvider(devIssuer, oidcDevClients.apple),
  });
}

/**
 * Apple's client secret: signed with the team's key when all three of its settings are given (a
 * partial set is a problem), else the static APPLE_CLIENT_SECRET, if any.
 */
function appleClientSecret(values: EnvValues, problems: string[]): ClientSecretConfig | undefined {
  const { APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: privateKey } = values;
  if (teamId && keyId && privateKey) {
    // Environments often carry PEM line breaks as literal \n.
    return { kind: 'apple-signed', teamId, keyId, privateKeyPem: privateKey.replace(/\\n/g, '\n') };
  }
  if (teamId || keyId || privateKey) {
    problems.push('APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY: set all three to sign the client secret');
  }
  return values.APPLE_CLIENT_SECRET ? { kind: 'static', value: values.APPLE_CLIENT_SECRET } : undefined;
}

function providerConfig(
  prefix: 'GOOGLE' | 'APPLE',
  problems: string[],
  given: {
    issuer: string | undefined;
    clientId: string | undefined;
    clientSecret: ClientSecretConfig | undefined;
    scope: string | undefined;
    development: OpenIdProviderConfig | null;
  },
): OpenIdProviderConfig | null {
  const { issuer, clientId, clientSecret, scope, development } = given;
  if (!issuer && !clientId && !clientSecret) return development;
  if (!issuer || !clientId || !clientSecret) {
    problems.push(
      `${prefix}_ISSUER, ${prefix}_CLIENT_ID, ${prefix}_CLIENT_SECRET: set all three, or none${development ? ' for the local provider' : ' to turn the provider off'}`,
    );
    return null;
  }
  return { issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, scope: scope ?? defaultScope };
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

function invalid(problems: string[]): Error {
  return new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
}
