import type { App } from '../app';

export interface GraphQLResponse<Data = Record<string, unknown>> {
  data?: Data | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

/** POSTs an operation to the app in-process, as the browser client does. */
export async function postGraphQL<Data = Record<string, unknown>>(
  app: App,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ status: number; body: GraphQLResponse<Data>; text: string }> {
  const response = await app.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as GraphQLResponse<Data>, text };
}
