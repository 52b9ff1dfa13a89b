import { type OperatorApi, operatorApiFromEnv, operatorRequest } from '../release/operator-api';
import type { CreateMarketplaceArgs } from './args';

export interface CreatedMarketplace {
  id: string;
  mgId: string;
  name: string;
  consoleUrl: string;
  ownerEmail: string;
}

/** The API and its operator key: ATRIUM_OPERATOR_KEY first, then OPERATOR_KEY (as `pnpm release`). */
export function marketplaceApiFromEnv(env: NodeJS.ProcessEnv = process.env): OperatorApi {
  const api = operatorApiFromEnv(env);
  return env.ATRIUM_OPERATOR_KEY ? { ...api, operatorKey: env.ATRIUM_OPERATOR_KEY } : api;
}

export async function createMarketplace(
  api: OperatorApi,
  input: CreateMarketplaceArgs,
): Promise<CreatedMarketplace> {
  const data = await operatorRequest<{ createMarketplace: CreatedMarketplace }>(
    api,
    `mutation CreateMarketplace($input: CreateMarketplaceInput!) {
      createMarketplace(input: $input) { id mgId name consoleUrl ownerEmail }
    }`,
    { input },
  );
  return data.createMarketplace;
}

/** What the command prints once the marketplace exists. */
export function createdMessage(created: CreatedMarketplace): string {
  return [
    `Created marketplace ${created.id} “${created.name}” (group ${created.mgId}); it is not live yet.`,
    `Console: ${created.consoleUrl}`,
    `${created.ownerEmail} is its owner and was mailed an invitation.`,
  ].join('\n');
}
