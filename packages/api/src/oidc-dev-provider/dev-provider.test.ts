import { afterEach, describe, expect, it, vi } from 'vitest';
import { oidcDevProviderInProduction, startOidcDevProvider } from './dev-provider';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the OIDC dev provider', () => {
  it('refuses to start with NODE_ENV=production, given or from the environment', async () => {
    await expect(startOidcDevProvider({ port: 0, nodeEnv: 'production' })).rejects.toThrow(
      oidcDevProviderInProduction,
    );
    vi.stubEnv('NODE_ENV', 'production');
    await expect(startOidcDevProvider({ port: 0 })).rejects.toThrow(oidcDevProviderInProduction);
  });

  it('listens on 127.0.0.1 only, and still answers discovery at its localhost issuer', async () => {
    const provider = await startOidcDevProvider({ port: 0, nodeEnv: 'development' });
    try {
      expect(provider.address).toBe('127.0.0.1');
      expect(provider.issuer).toBe(`http://localhost:${provider.port}`);
      const discovery = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
      expect(((await discovery.json()) as { issuer: string }).issuer).toBe(provider.issuer);
    } finally {
      await provider.close();
    }
  });
});
