import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { developmentHostSecret, loadHostServerConfig } from './host-config';

const refusals = (env: Record<string, string | undefined>) => {
  try {
    loadHostServerConfig(env, '/srv/host');
    return [];
  } catch (error) {
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
};

describe("the host's server's settings", () => {
  it('run with none at all outside production: the development secret, no proxy in front', () => {
    expect(loadHostServerConfig({}, '/srv/host')).toEqual({
      port: 3000,
      bindAddress: '127.0.0.1',
      processes: 1,
      apiUrl: 'http://127.0.0.1:4000',
      distDir: '/srv/host',
      remoteOrigins: [],
      hostSecret: developmentHostSecret,
      trustProxyHops: 0,
      production: false,
    });
  });

  it('read the secret shared with the API, the proxies in front and the allow-list', () => {
    expect(
      loadHostServerConfig(
        {
          NODE_ENV: 'production',
          PORT: '8080',
          HOST: '0.0.0.0',
          HOST_PROCESSES: '4',
          API_URL: 'http://10.0.0.5:4000/',
          HOST_SECRET: 's'.repeat(40),
          TRUST_PROXY_HOPS: '1',
          REMOTE_ORIGINS: 'https://cdn.example.com/, https://cdn2.example.com',
        },
        '/srv/host',
      ),
    ).toMatchObject({
      port: 8080,
      bindAddress: '0.0.0.0',
      processes: 4,
      apiUrl: 'http://10.0.0.5:4000',
      hostSecret: 's'.repeat(40),
      trustProxyHops: 1,
      remoteOrigins: ['https://cdn.example.com', 'https://cdn2.example.com'],
      production: true,
    });
  });

  it('refuse the development secret and an implicit TRUST_PROXY_HOPS in production, one line each', () => {
    expect(refusals({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY_HOPS: set it to the number of proxies in front of the host/),
      expect.stringMatching(
        /^HOST_SECRET: set it to the API's HOST_SECRET .*production refuses the development secret$/,
      ),
    ]);
    expect(refusals({ NODE_ENV: 'production', HOST_SECRET: 's'.repeat(40), TRUST_PROXY_HOPS: '0' })).toEqual(
      [],
    );
  });

  it('run one server process per core when told auto', () => {
    expect(loadHostServerConfig({ HOST_PROCESSES: 'auto' }, '/srv/host').processes).toBe(
      availableParallelism(),
    );
  });

  it('refuse a short secret, a bad port, a bad number of processes and of proxies anywhere', () => {
    expect(
      refusals({ HOST_SECRET: 'short', PORT: 'http', HOST_PROCESSES: '0', TRUST_PROXY_HOPS: '-1' }),
    ).toEqual([
      'PORT: must be a port number, not "http"',
      'HOST_PROCESSES: must be a whole number from 1 to 64, or auto, not "0"',
      'TRUST_PROXY_HOPS: must be a whole number (0 or more), not "-1"',
      'HOST_SECRET: must be at least 32 characters',
    ]);
  });
});
