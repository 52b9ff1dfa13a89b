import { describe, expect, it } from 'vitest';
import { loadReleasesConfig, localRemoteOrigins } from './config';

describe('loadReleasesConfig', () => {
  it('allows the local deployments and the local release server by default, outside production', () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(loadReleasesConfig({}, nodeEnv)).toEqual({
        remoteOrigins: [...localRemoteOrigins],
        canaryFailureLimit: 3,
        canaryFailureSharePercent: 10,
      });
    }
    expect(localRemoteOrigins).toContain('http://localhost:3020');
  });

  it('allows no origin at all in production until REMOTE_ORIGINS is set', () => {
    expect(loadReleasesConfig({}, 'production').remoteOrigins).toEqual([]);
  });

  it('reads REMOTE_ORIGINS as a comma-separated list of origins, trailing slashes and repeats dropped', () => {
    expect(
      loadReleasesConfig(
        {
          REMOTE_ORIGINS: ' https://cdn.example.com/, https://CDN2.example.com:8443 ,https://cdn.example.com',
        },
        'production',
      ).remoteOrigins,
    ).toEqual(['https://cdn.example.com', 'https://cdn2.example.com:8443']);
  });

  it('refuses an entry that is not an origin, naming it', () => {
    for (const entry of [
      'https://cdn.example.com/catalog',
      'cdn.example.com',
      'ftp://cdn.example.com',
      'https://cdn.example.com?a=1',
    ]) {
      expect(() => loadReleasesConfig({ REMOTE_ORIGINS: entry }, 'development')).toThrow(
        `Invalid environment:\n  REMOTE_ORIGINS: ${entry} is not an origin (http(s)://host[:port], nothing after)`,
      );
    }
  });

  it('reads CANARY_FAILURE_SHARE, a whole percent from 1 to 100', () => {
    const share = (value: string) =>
      loadReleasesConfig({ CANARY_FAILURE_SHARE: value }, 'development').canaryFailureSharePercent;
    expect(share('25')).toBe(25);
    expect(share('')).toBe(10);
    for (const refused of ['0', '101', '12.5', 'half']) {
      expect(() => share(refused), refused).toThrow(/CANARY_FAILURE_SHARE/);
    }
  });

  it('reads CANARY_FAILURE_LIMIT, a whole number from 1', () => {
    expect(loadReleasesConfig({ CANARY_FAILURE_LIMIT: '5' }, 'development').canaryFailureLimit).toBe(5);
    expect(loadReleasesConfig({ CANARY_FAILURE_LIMIT: '' }, 'development').canaryFailureLimit).toBe(3);
    expect(() => loadReleasesConfig({ CANARY_FAILURE_LIMIT: '0' }, 'development')).toThrow(
      /CANARY_FAILURE_LIMIT/,
    );
    expect(() => loadReleasesConfig({ CANARY_FAILURE_LIMIT: 'many' }, 'development')).toThrow(
      /CANARY_FAILURE_LIMIT/,
    );
  });
});
