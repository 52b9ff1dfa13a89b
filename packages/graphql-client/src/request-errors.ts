/** One entry of a GraphQL response's `errors` list. */
export interface GraphQLErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; [key: string]: unknown };
}

/** The server answered with GraphQL errors; the message is the first one's. */
export class GraphQLResponseError extends Error {
  override readonly name = 'GraphQLResponseError';
  readonly errors: readonly GraphQLErrorEntry[];
  readonly data: unknown;
  readonly status: number;

  constructor(errors: readonly GraphQLErrorEntry[], data: unknown, status: number) {
    super(errors[0]?.message ?? 'GraphQL request failed');
    this.errors = errors;
    this.data = data;
    this.status = status;
  }
}

/** The request took longer than its timeout: a timed-out call raises an error saying it timed out. */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** A non-2xx answer, or one that is not a GraphQL JSON response, without GraphQL errors to report. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;

  constructor(status: number, message = `Request failed with status ${status}`) {
    super(message);
    this.status = status;
  }
}
