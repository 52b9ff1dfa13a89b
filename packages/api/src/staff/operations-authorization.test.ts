// The permission matrix over every staff operation the schema offers: each GraphQL field the staff
// context serves has the permission it needs (guard-first.ts, over @atrium/domain's staffPermissions),
// and each role calls each field on marketplace 80 with stand-in arguments that name nothing. Signed
// out is UNAUTHENTICATED; a client or another marketplace's owner is FORBIDDEN; a member whose role
// lacks the permission is FORBIDDEN, and one whose role has it never is (what the call then does with
// the stand-in arguments is the business of the sections' own tests: staff/<section>/*.test.ts and
// authorization.test.ts). The refusal comes before any argument is checked. A field added to a staff
// .graphql file without a permission fails the first test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type StaffOperation, type StaffRole, staffScope } from '@atrium/domain';
import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  Kind,
  parse,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { signedInStaff } from '../test/staff';
import { loadTypeDefs } from '../type-defs';
import { staffFieldOperations } from './guard-first';

/** Fields in the staff context's schema that are not staff operations, and why. */
const notStaffOperations: Record<string, string> = {
  staffViewer: 'answers who the caller is on the staff, null for anyone else (authorization.test.ts)',
  createMarketplace: "the platform operator's, with the operator key (setup.test.ts)",
  remotePreview: "a preview link's token is its authority (versions.test.ts)",
  waitlistOffer: "the client's, with the offer's token (waitlist.test.ts)",
  acceptWaitlistOffer: "the client's, with the offer's token (waitlist.test.ts)",
  clientRescheduleTimes: "the signed-in client's own appointment (client-changes.test.ts)",
  clientRescheduleAppointment: "the signed-in client's own appointment (client-changes.test.ts)",
  clientCancelAppointment: "the signed-in client's own appointment (client-changes.test.ts)",
};

const sourceDir = import.meta.dirname;

/** The Query and Mutation fields the staff context's .graphql files declare. */
function staffSchemaFields(): { name: string; kind: 'query' | 'mutation' }[] {
  const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.graphql'),
  );
  return files.flatMap((file) =>
    parse(readFileSync(join(sourceDir, file), 'utf8')).definitions.flatMap((definition) => {
      const isRoot =
        (definition.kind === Kind.OBJECT_TYPE_EXTENSION || definition.kind === Kind.OBJECT_TYPE_DEFINITION) &&
        (definition.name.value === 'Query' || definition.name.value === 'Mutation');
      if (!isRoot) return [];
      const kind = definition.name.value === 'Query' ? ('query' as const) : ('mutation' as const);
      return (definition.fields ?? []).map((field) => ({ name: field.name.value, kind }));
    }),
  );
}

const schema = buildSchema(loadTypeDefs().join('\n'));

/** The schema's Query or Mutation field of that name. */
function schemaField(name: string, kind: 'query' | 'mutation') {
  const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  const field = root?.getFields()[name];
  if (!field) throw new Error(`${name} is not in the schema`);
  return field;
}

/** A value of the type that passes GraphQL's validation: required fields only, ids that name nothing. */
function standIn(type: GraphQLInputType, name: string): unknown {
  if (isNonNullType(type)) return standIn(type.ofType, name);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, standIn(field.type, field.name)]),
    );
  }
  if (name === 'marketplaceId') return '80';
  return { ID: '999999', String: 'x', Int: 1, Float: 1, Boolean: false }[getNamedType(type).name] ?? 'x';
}

/** The field called with a stand-in for each required argument, as one operation. */
function standInCall(name: string, kind: 'query' | 'mutation') {
  const field = schemaField(name, kind);
  const args = field.args.filter((arg: GraphQLArgument) => isNonNullType(arg.type));
  const declared = args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return {
    query: `${kind}${declared ? ` (${declared})` : ''} { ${name}${passed ? `(${passed})` : ''}${selection} }`,
    variables: Object.fromEntries(args.map((arg) => [arg.name, standIn(arg.type, arg.name)])),
  };
}

type Caller = StaffRole | 'client' | 'signedOut' | 'otherOwner';
const callers: Caller[] = ['owner', 'front_desk', 'practitioner', 'client', 'signedOut', 'otherOwner'];

/** Refused for want of permission: the code, or undefined when the role may use the operation. */
function refusal(caller: Caller, operation: StaffOperation): 'FORBIDDEN' | 'UNAUTHENTICATED' | undefined {
  if (caller === 'signedOut') return 'UNAUTHENTICATED';
  if (caller === 'client' || caller === 'otherOwner') return 'FORBIDDEN';
  return staffScope(caller, operation) === 'none' ? 'FORBIDDEN' : undefined;
}

const fields = staffSchemaFields().filter((field) => !(field.name in notStaffOperations));
const cells = fields.flatMap((field) => callers.map((caller) => ({ ...field, caller })));

it('gives every staff operation of the schema a permission, on the marketplace it names', () => {
  expect(fields.map((field) => field.name).sort()).toEqual(Object.keys(staffFieldOperations).sort());
  const marketplaceArgument = ({ name, kind }: (typeof fields)[number]) =>
    schemaField(name, kind)
      .args.find((arg) => arg.name === 'marketplaceId')
      ?.type.toString();
  expect(fields.filter((field) => marketplaceArgument(field) !== 'ID!')).toEqual([]);
});

describe.each(testDatabases)('every staff operation, by role, on $name', (factory) => {
  let context: CheckoutTestContext;
  const browsers = {} as Record<Caller, TestBrowser>;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    const staff = async (role: StaffRole, email: string, marketplaceId = 80, practitionerId?: number) =>
      signedInStaff(context, { marketplaceId, email, role, practitionerId });
    browsers.owner = await staff('owner', 'owner@every.test');
    browsers.front_desk = await staff('front_desk', 'desk@every.test');
    browsers.practitioner = await staff('practitioner', 'ada@every.test', 80, 801);
    browsers.otherOwner = await staff('owner', 'owner81@every.test', 81);
    browsers.client = (await signedInClient(context.app, '80', 'client@every.test')).browser;
    browsers.signedOut = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  it.each(cells)('$caller: $name', async ({ name, kind, caller }) => {
    const permission = staffFieldOperations[name] as StaffOperation;
    const { query, variables } = standInCall(name, kind);
    const response = await browsers[caller].post(query, variables);
    const codes = response.body.errors?.map((error) => error.extensions?.code) ?? [];
    const want = refusal(caller, permission);
    if (want) {
      expect({ codes, data: response.body.data?.[name] ?? null }).toEqual({ codes: [want], data: null });
    } else {
      expect(codes).not.toContain('FORBIDDEN');
      expect(codes).not.toContain('UNAUTHENTICATED');
    }
  });
});
