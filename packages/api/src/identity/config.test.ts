import { describe, expect, it } from 'vitest';
import { developmentHostSecret, developmentTokenSecret, loadIdentityConfig } from './config';

describe('loadIdentityConfig', () => {
  it('outside production: local web origins, the outbox, and both providers on the local OIDC provider', () => {
    expect(loadIdentityConfig({}, 'development')).toEqual({
      webOrigins: ['http://localhost:3000', 'http://localhost:5100'],
      mail: { kind: 'outbox', from: 'no-reply@atrium.localhost' },
      sms: { kind: 'outbox' },
      providers: {
        google: {
          issuer: 'http://localhost:4001',
          clientId: 'atrium-google-dev',
          clientSecret: { kind: 'static', value: 'atrium-google-dev-secret' },
          scope: 'openid email profile',
        },
        apple: {
          issuer: 'http://localhost:4001',
          clientId: 'atrium-apple-dev',
          clientSecret: { kind: 'static', value: 'atrium-apple-dev-secret' },
          scope: 'openid email profile',
        },
      },
      registrationTokenSecret: expect.any(String),
      passcodeLimits: {
        perAddressAndClientPerHour: 5,
        perAddressPerHour: 30,
        perIpPerHour: 30,
        perOwnBrowserPerHour: 10,
      },
      registrationsPerIpPerHour: 10,
      trustProxyHops: 0,
      hostSecret: developmentHostSecret,
      sessionCookieSecure: 'auto',
      devMailbox: true,
    });
  });

  it('follows OIDC_DEV_PORT for the local provider', () => {
    expect(loadIdentityConfig({ OIDC_DEV_PORT: '4101' }, 'test').providers.google?.issuer).toBe(
      'http://localhost:4101',
    );
  });

  it('in production: no local provider, no dev mailbox, Secure cookies always', () => {
    expect(loadIdentityConfig({}, 'production')).toMatchObject({
      providers: { google: null, apple: null },
      sessionCookieSecure: 'always',
      devMailbox: false,
    });
  });

  it('reads the real providers, SMTP, the SMS provider, web origins and limits', () => {
    const config = loadIdentityConfig(
      {
        WEB_ORIGINS: 'https://book.glow.example, https://book.nocturne.example',
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        MAIL_FROM: 'bookings@atrium.example',
        SMS_API_URL: 'https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json',
        SMS_API_KEY: 'AC123:token',
        SMS_FROM: '+15005550006',
        GOOGLE_ISSUER: 'https://accounts.google.com/',
        GOOGLE_CLIENT_ID: 'google-client.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        APPLE_ISSUER: 'https://appleid.apple.com',
        APPLE_CLIENT_ID: 'com.atrium.web',
        APPLE_TEAM_ID: 'TEAM123456',
        APPLE_KEY_ID: 'KEY1234567',
        APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
        APPLE_SCOPE: 'openid email name',
        AUTH_TOKEN_SECRET: 'x'.repeat(32),
        PASSCODE_LIMIT_PER_IP: '0',
        PASSCODE_LIMIT_PER_DEVICE: '3',
        TRUST_PROXY_HOPS: '1',
        HOST_SECRET: 'h'.repeat(32),
      },
      'production',
    );
    expect(config).toMatchObject({
      webOrigins: ['https://book.glow.example', 'https://book.nocturne.example'],
      mail: {
        kind: 'smtp',
        url: 'smtps://user:secret@smtp.example.com:465',
        from: 'bookings@atrium.example',
      },
      sms: { kind: 'http', apiKey: 'AC123:token', from: '+15005550006' },
      providers: {
        google: {
          issuer: 'https://accounts.google.com',
          clientSecret: { kind: 'static', value: 'google-secret' },
        },
        apple: {
          clientSecret: {
            kind: 'apple-signed',
            teamId: 'TEAM123456',
            keyId: 'KEY1234567',
            privateKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
          },
          scope: 'openid email name',
        },
      },
      registrationTokenSecret: 'x'.repeat(32),
      passcodeLimits: {
        perAddressAndClientPerHour: 5,
        perAddressPerHour: 30,
        perIpPerHour: 0,
        perOwnBrowserPerHour: 3,
      },
      registrationsPerIpPerHour: 10,
      trustProxyHops: 1,
      hostSecret: 'h'.repeat(32),
    });
    expect(() => loadIdentityConfig({ HOST_SECRET: 'short' }, 'production')).toThrow(
      'HOST_SECRET: HOST_SECRET must be at least 32 characters',
    );
  });

  it('names every incomplete or invalid setting', () => {
    expect(() =>
      loadIdentityConfig(
        {
          WEB_ORIGINS: 'https://book.example.com/path',
          SMS_API_URL: 'https://sms.example.com',
          GOOGLE_ISSUER: 'https://accounts.google.com',
          APPLE_TEAM_ID: 'TEAM',
        },
        'production',
      ),
    ).toThrow(
      /Invalid environment:[\s\S]*WEB_ORIGINS[\s\S]*SMS_API_URL, SMS_API_KEY, SMS_FROM[\s\S]*GOOGLE_ISSUER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET[\s\S]*APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY/,
    );
    expect(() => loadIdentityConfig({ SMTP_URL: 'http://mail.example.com' }, 'development')).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('keeps the development registration token secret without AUTH_TOKEN_SECRET: loadConfig refuses it in production', () => {
    expect(
      loadIdentityConfig(
        {
          GOOGLE_ISSUER: 'https://accounts.google.com',
          GOOGLE_CLIENT_ID: 'id',
          GOOGLE_CLIENT_SECRET: 'secret',
        },
        'production',
      ).registrationTokenSecret,
    ).toBe(developmentTokenSecret);
  });
});
