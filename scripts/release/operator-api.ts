import type { RemoteName } from '@atrium/federation';
import { CliError } from './cli-error';

// The API's own default outside production (packages/api/src/checkout-config.ts).
const developmentOperatorKey = 'atrium-development-operator-key';

export interface OperatorApi {
  url: string;
  operatorKey: string;
}

export function operatorApiFromEnv(env: NodeJS.ProcessEnv = process.env): OperatorApi {
  return {
    url: (env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, ''),
    operatorKey: env.OPERATOR_KEY ?? developmentOperatorKey,
  };
}

/** Runs an operator operation; a GraphQL error or an unreachable API throws one line. */
export async function operatorRequest<T>(
  api: OperatorApi,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-operator-key': api.operatorKey,
        // The API's CSRF prevention (packages/api/src/http/hardening.ts).
        'x-graphql-yoga-csrf': '1',
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new CliError(`The API at ${api.url} could not be reached (${cause}); is it running? (API_URL)`);
  }
  const body = (await response.json().catch(() => null)) as {
    data?: T | null;
    errors?: { message: string }[];
  } | null;
  const error = body?.errors?.[0];
  if (error) throw new CliError(error.message);
  if (!response.ok || !body?.data) throw new CliError(`The API at ${api.url} answered ${response.status}.`);
  return body.data;
}

export interface RemoteRelease {
  remote: RemoteName;
  version: string;
  entry: string;
  checksum: string | null;
  contractVersion: string;
  releasedAt: string;
  failureReports: number;
}

export interface RemoteRollout {
  remote: RemoteName;
  marketplaceId: string | null;
  entry: string;
  version: string;
  fallbackEntry: string | null;
  canary: { entry: string; version: string; percent: number } | null;
  canaryRemoval: { version: string; at: string; reason: string } | null;
}

const rolloutFields = `remote marketplaceId entry version fallbackEntry
  canary { entry version percent } canaryRemoval { version at reason }`;
const releaseFields = 'remote version entry checksum contractVersion releasedAt failureReports';

export async function recordRemoteRelease(
  api: OperatorApi,
  input: { remote: RemoteName; version: string; entry: string; checksum: string; contractVersion: string },
): Promise<RemoteRelease> {
  const data = await operatorRequest<{ recordRemoteRelease: RemoteRelease }>(
    api,
    `mutation RecordRemoteRelease($input: RecordRemoteReleaseInput!) { recordRemoteRelease(input: $input) { ${releaseFields} } }`,
    { input },
  );
  return data.recordRemoteRelease;
}

/** The releases of a remote, newest first. */
export async function remoteReleases(api: OperatorApi, remote: RemoteName): Promise<RemoteRelease[]> {
  const data = await operatorRequest<{ remoteReleases: RemoteRelease[] }>(
    api,
    `query RemoteReleases($remote: RemoteName!) { remoteReleases(remote: $remote) { ${releaseFields} } }`,
    { remote },
  );
  return data.remoteReleases;
}

export async function promoteRemoteRelease(
  api: OperatorApi,
  input: { remote: RemoteName; version: string; marketplaceId: string | null; percent: number | null },
): Promise<RemoteRollout> {
  const data = await operatorRequest<{ promoteRemoteRelease: RemoteRollout }>(
    api,
    `mutation PromoteRemoteRelease($input: PromoteRemoteReleaseInput!) { promoteRemoteRelease(input: $input) { ${rolloutFields} } }`,
    { input },
  );
  return data.promoteRemoteRelease;
}

export async function rollbackRemote(
  api: OperatorApi,
  remote: RemoteName,
  marketplaceId: string | null,
): Promise<RemoteRollout | null> {
  const data = await operatorRequest<{ rollbackRemote: RemoteRollout | null }>(
    api,
    `mutation RollbackRemote($remote: RemoteName!, $marketplaceId: ID) { rollbackRemote(remote: $remote, marketplaceId: $marketplaceId) { ${rolloutFields} } }`,
    { remote, marketplaceId },
  );
  return data.rollbackRemote;
}

export async function remoteStatus(
  api: OperatorApi,
  remote: RemoteName,
): Promise<{ rollouts: RemoteRollout[]; releases: RemoteRelease[] }> {
  const data = await operatorRequest<{ remoteRolloutsOf: RemoteRollout[]; remoteReleases: RemoteRelease[] }>(
    api,
    `query RemoteStatus($remote: RemoteName!) {
      remoteRolloutsOf(remote: $remote) { ${rolloutFields} }
      remoteReleases(remote: $remote) { ${releaseFields} }
    }`,
    { remote },
  );
  return { rollouts: data.remoteRolloutsOf, releases: data.remoteReleases };
}
