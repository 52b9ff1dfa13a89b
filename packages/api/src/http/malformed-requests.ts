import { Lexer, Source, TokenKind } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/**
 * The largest GraphQL request body accepted (graphql-yoga's `maxRequestBodySize`): the largest real
 * request (a booking with its notes and an Apple Pay token) is a few kilobytes, so 100 KiB leaves
 * ample room while a larger body is refused (413 REQUEST_ENTITY_TOO_LARGE) before it is parsed.
 */
export const graphqlMaxBodyBytes = 100 * 1024;

/**
 * How deeply a document may nest braces, brackets and parentheses, and variables or extensions may
 * nest arrays and objects. The product's own operations nest at most 5 deep and their inputs 4; the
 * parser, the validation and serializers all recurse, so a request nested thousands deep would
 * overflow the stack (an 'Unexpected error.') instead of being refused.
 */
export const maxNesting = 32;

const badRequest = (message: string) =>
  createGraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });

/** The parameters' expected JSON types; graphql-yoga checks them too, but after other plugins ran. */
const paramTypes = {
  query: 'string',
  operationName: 'string',
  variables: 'object',
  extensions: 'object',
} as const;

/**
 * Refuses malformed GraphQL requests with 400 BAD_REQUEST before any other plugin reads them:
 * - parameters of the wrong JSON type (a `query` that is a number or an object, `variables` that are
 *   an array), which the persisted-operation and response-cache plugins would otherwise trip on;
 * - a GET (or form) whose `variables` or `extensions` are not JSON;
 * - a document, variables or extensions nested deeper than `maxNesting`.
 * Put it before the plugins that read the parameters (persisted operations, the public cache).
 */
export function useMalformedRequestGuard(): Plugin {
  return {
    onRequestParse({ requestParser, setRequestParser }) {
      if (!requestParser) return;
      setRequestParser(async (request) => {
        try {
          return await requestParser(request);
        } catch (error) {
          // graphql-yoga reads GET and form parameters with JSON.parse and lets its SyntaxError out.
          if (error instanceof SyntaxError) {
            throw badRequest('The variables and extensions parameters must be JSON.');
          }
          throw error;
        }
      });
    },
    onParams({ params }) {
      if (params === null || typeof params !== 'object' || Array.isArray(params)) {
        throw badRequest('The request must be a JSON object of GraphQL parameters.');
      }
      for (const [name, type] of Object.entries(paramTypes)) {
        const value = (params as Record<string, unknown>)[name];
        if (value === undefined || value === null) continue;
        if (typeof value !== type || Array.isArray(value)) {
          throw badRequest(
            `The "${name}" parameter must be ${type === 'string' ? 'a string' : 'an object'}.`,
          );
        }
      }
      if (params.query && documentNesting(params.query) > maxNesting) {
        throw badRequest(`The query is nested more than ${maxNesting} levels deep.`);
      }
      for (const name of ['variables', 'extensions'] as const) {
        if (jsonNesting(params[name], maxNesting) > maxNesting) {
          throw badRequest(`The ${name} are nested more than ${maxNesting} levels deep.`);
        }
      }
    },
  };
}

const opening = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const closing = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * The deepest nesting of braces, brackets and parentheses in a document, read token by token (the
 * lexer does not recurse; strings and comments are single tokens), up to the first lexical error,
 * which the parser reports itself.
 */
function documentNesting(document: string): number {
  const lexer = new Lexer(new Source(document));
  let depth = 0;
  let deepest = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (opening.has(token.kind)) {
        depth += 1;
        if (depth > deepest) deepest = depth;
        if (deepest > maxNesting) return deepest;
      } else if (closing.has(token.kind)) depth -= 1;
    }
  } catch {
    // A syntax error: the parser answers it with its own message.
  }
  return deepest;
}

/**
 * How deeply arrays and objects nest in a JSON value (a scalar is 0), counted without recursion and
 * only until `limit` is passed.
 */
function jsonNesting(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}
