// The client's address as rate limits see it: believed from X-Forwarded-For only when the request
// came through the host's server (HOST_SECRET), never when anyone sends it straight to the API's port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { hostSecretHeader } from '../kernel/http/host-secret';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { operations } from '../test/identity';
import { developmentHostSecret, loadIdentityConfig } from './config';

describe.each(testDatabases)('client addresses on $name', (factory) => {
  let handle: TestDatabase;
  const servers: Server[] = [];
  let url = '';

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    // As `npm start` runs it: the host's server is the one proxy in front; two registrations an hour.
    const app = createApp({
      db: handle.database,
      config: {
        nodeEnv: 'test',
        identity: loadIdentityConfig({ TRUST_PROXY_HOPS: '1', REGISTER_LIMIT_PER_IP: '2' }, 'test'),
      },
      logging: false,
    });
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await handle.dispose();
  });

  let registrations = 0;
  /** A registration sent to the API's port with `headers`: 'ok' or its error code. */
  async function register(headers: Record<string, string>): Promise<unknown> {
    registrations += 1;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        query: operations.register,
        variables: {
          marketplaceId: '1',
          email: `address-${registrations}@example.com`,
          password: 'correct horse battery staple',
        },
      }),
    });
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return body.errors?.[0]?.extensions?.code ?? 'ok';
  }
  const fromHost = (address: string) => ({
    'x-forwarded-for': address,
    [hostSecretHeader]: developmentHostSecret,
  });

  it("limits each client the host's server forwards by its own address, not all of them together", async () => {
    const answers = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      answers.push(await register(fromHost(address)), await register(fromHost(address)));
    }
    expect(answers).toEqual(Array(8).fill('ok'));
    expect(await register(fromHost('198.51.100.1'))).toBe('RATE_LIMITED');
  });

  it('counts a made-up X-Forwarded-For sent straight to the API port, with no secret or a wrong one, as the socket address', async () => {
    const answers = [
      await register({ 'x-forwarded-for': '203.0.113.1' }),
      await register({ 'x-forwarded-for': '203.0.113.2' }),
      await register({ 'x-forwarded-for': '203.0.113.3' }),
      await register({ 'x-forwarded-for': '203.0.113.4', [hostSecretHeader]: 'guessed' }),
    ];
    // The socket's address (127.0.0.1) has two registrations an hour, like any other.
    expect(answers).toEqual(['ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
  });
});
