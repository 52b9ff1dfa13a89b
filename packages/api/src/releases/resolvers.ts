import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { RateLimitedError } from '../identity';
import { type ExpectedError, parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { marketplaceIdInput } from '../kernel/id-input';
import { assertOperatorKey, OperatorKeyError } from '../kernel/operator-key';
import { reportRemoteFailure } from './failure-reports';
import { listReleases, promoteRelease, recordRelease, rollbackRemote } from './registry';
import { remoteRolloutsFor, rolloutsOfRemote } from './rollouts';
import { remoteNames } from './tables';

const remote = z.enum(remoteNames);

const entryUrl = z
  .string()
  .max(2000, 'The entry must be an http(s) URL of at most 2000 characters.')
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
    message: 'The entry must be an http(s) URL of at most 2000 characters.',
  });

const recordArgs = z.object({
  input: z
    .object({
      remote,
      version: z
        .string()
        .regex(
          /^[0-9a-f]{12}$/,
          "The version must be the checksum's first 12 hexadecimal digits (0-9, a-f).",
        ),
      entry: entryUrl,
      checksum: z
        .string()
        .regex(/^[0-9a-f]{64}$/, 'The checksum must be a SHA-256 in hexadecimal: 64 digits 0-9, a-f.'),
      contractVersion: z
        .string()
        .trim()
        .min(1, 'The contract version must be 1 to 50 characters.')
        .max(50, 'The contract version must be 1 to 50 characters.'),
    })
    .refine((input) => input.checksum.startsWith(input.version), {
      message: "The version must be the checksum's first 12 hexadecimal digits (0-9, a-f).",
    }),
});

const versionInput = z
  .string()
  .trim()
  .min(1, 'The version must be 1 to 20 characters.')
  .max(20, 'The version must be 1 to 20 characters.');

const promoteArgs = z.object({
  input: z.object({
    remote,
    version: versionInput,
    marketplaceId: marketplaceIdInput.nullish().transform((id) => id ?? null),
    percent: z
      .number()
      .int('The canary percent must be a whole number from 1 to 99.')
      .min(1, 'The canary percent must be a whole number from 1 to 99.')
      .max(99, 'The canary percent must be a whole number from 1 to 99.')
      .nullish()
      .transform((percent) => percent ?? null),
  }),
});

const scopeArgs = z.object({
  remote,
  marketplaceId: marketplaceIdInput.nullish().transform((id) => id ?? null),
});

const remoteArgs = z.object({ remote });

const rolloutsArgs = z.object({ marketplaceId: marketplaceIdInput.nullish().transform((id) => id ?? null) });

const reportArgs = z.object({
  input: z.object({
    remote,
    entry: entryUrl,
    // A browser's error text can be long; the first 300 characters say enough.
    reason: z
      .string()
      .nullish()
      .transform((reason) => reason?.trim().slice(0, 300) || null),
  }),
});

const releaseErrors: ExpectedError[] = [
  { error: OperatorKeyError, code: 'FORBIDDEN' },
  { error: RateLimitedError, code: 'RATE_LIMITED' },
];

/** The operator key first (before anything about the registry is told), then the input. */
function operatorOperation<Schema extends z.ZodType, T>(
  checkout: { presentedOperatorKey: string | null; operatorKey: string },
  schema: Schema,
  args: unknown,
  operation: (args: z.output<Schema>) => Promise<T>,
): Promise<T> {
  return withServiceErrors(async () => {
    assertOperatorKey(checkout.presentedOperatorKey, checkout.operatorKey);
    return operation(parseInput(schema, args));
  }, releaseErrors);
}

export const releaseResolvers: Resolvers = {
  Query: {
    remoteRollouts: (_parent, args, { releases }) => {
      const { marketplaceId } = parseInput(rolloutsArgs, args);
      return withServiceErrors(() => remoteRolloutsFor(releases.db, marketplaceId));
    },
    remoteReleases: (_parent, args, { checkout, releases }) =>
      operatorOperation(checkout, remoteArgs, args, ({ remote }) => listReleases(releases, remote)),
    remoteRolloutsOf: (_parent, args, { checkout, releases }) =>
      operatorOperation(checkout, remoteArgs, args, ({ remote }) => rolloutsOfRemote(releases.db, remote)),
  },
  Mutation: {
    recordRemoteRelease: (_parent, args, { checkout, releases }) =>
      operatorOperation(checkout, recordArgs, args, ({ input }) => recordRelease(releases, input)),
    promoteRemoteRelease: (_parent, args, { checkout, releases }) =>
      operatorOperation(checkout, promoteArgs, args, ({ input }) => promoteRelease(releases, input)),
    rollbackRemote: (_parent, args, { checkout, releases }) =>
      operatorOperation(checkout, scopeArgs, args, (scope) => rollbackRemote(releases, scope)),
    reportRemoteFailure: (_parent, args, { releases }) => {
      const { input } = parseInput(reportArgs, args);
      return withServiceErrors(() => reportRemoteFailure(releases, input), releaseErrors);
    },
  },
};
