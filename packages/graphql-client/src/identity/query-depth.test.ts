import { type ASTNode, type FragmentDefinitionNode, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as documents from '../generated/graphql';

// The API refuses operations deeper than 10 (graphql-armor, fragments not flattened: a fragment
// spread counts as two levels). Counted here the way it counts, for every document this entry sends.
const API_MAX_DEPTH = 10;

function depthOf(query: string): number {
  const ast = parse(query);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of ast.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const count = (node: ASTNode, parent: number): number => {
    let depth = parent;
    if ('selectionSet' in node && node.selectionSet) {
      for (const child of node.selectionSet.selections) depth = Math.max(depth, count(child, parent + 1));
    } else if (node.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(node.name.value);
      if (fragment) depth = Math.max(depth, parent + 1 + count(fragment, 0));
    }
    return depth;
  };
  const operation = ast.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operation ? count(operation, 0) : 0;
}

const IDENTITY_OPERATIONS = [
  'Viewer',
  'AuthOptions',
  'AuthProviders',
  'StartThirdPartySignIn',
  'RequestPasscode',
  'PasscodeAuthenticate',
  'Authenticate',
  'Register',
  'Logout',
  'RequestResetPassword',
  'ResetPasswordByToken',
  'RequestConfirmEmail',
  'ConfirmEmail',
  'RequestConfirmPhone',
  'ConfirmPhone',
  'GoogleAuthenticate',
  'AppleAuthenticate',
  'RegisterWithToken',
];
const byName = documents as unknown as Record<string, unknown>;
const identityDocuments = IDENTITY_OPERATIONS.map((name) => [name, byName[`${name}Document`]] as const);

describe('identity documents', () => {
  it('are all generated', () => {
    expect(identityDocuments.filter(([, document]) => document === undefined)).toEqual([]);
  });

  it.each(identityDocuments)('%s stays within the API depth limit of 10', (_name, document) => {
    expect(depthOf(String(document))).toBeLessThanOrEqual(API_MAX_DEPTH);
  });
});
