import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import type { IdentityContext } from '../identity';
import { ForbiddenError, UnauthenticatedError } from '../identity';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { marketplaceIdInput } from '../kernel/id-input';
import type { ReleasesContext } from '../releases';
import { remoteNames } from '../releases';
import { remotePreviewFor, staffEndRemotePreview, staffStartRemotePreview } from './remote-previews';
import {
  staffClearRemoteOverride,
  staffRemoteVersions,
  staffRollbackRemoteOverride,
  staffSetRemoteOverride,
  type TenantVersionsContext,
} from './tenant-versions';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const scopeArgs = marketplaceArgs.extend({ remote: z.enum(remoteNames) });
const releaseArgs = scopeArgs.extend({
  version: z
    .string()
    .trim()
    .min(1, 'The version must be 1 to 20 characters.')
    .max(20, 'The version must be 1 to 20 characters.'),
});
// Tokens are 32 random bytes in base64url (43 characters), as newToken makes them.
const tokenArgs = marketplaceArgs.extend({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'The preview token is not one this site gave.'),
});

const versionsContext = ({
  releases,
  identity,
}: {
  releases: ReleasesContext;
  identity: IdentityContext;
}): TenantVersionsContext => ({
  db: releases.db,
  clock: releases.clock,
  remoteOrigins: releases.remoteOrigins,
  canaryFailureLimit: releases.canaryFailureLimit,
  canaryFailureSharePercent: releases.canaryFailureSharePercent,
  session: identity.session,
});

/** withServiceErrors, plus UNAUTHENTICATED (signed out) and FORBIDDEN (not staff, or not the owner). */
const withStaffErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
  ]);

export const staffVersionsResolvers: Resolvers = {
  Query: {
    staffRemoteVersions: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() => staffRemoteVersions(versionsContext(context), marketplaceId));
    },
    remotePreview: (_parent, args, { releases }) => {
      const input = parseInput(tokenArgs, args);
      return withServiceErrors(() => remotePreviewFor(releases, input));
    },
  },
  Mutation: {
    staffSetRemoteOverride: (_parent, args, context) => {
      const input = parseInput(releaseArgs, args);
      return withStaffErrors(() => staffSetRemoteOverride(versionsContext(context), input));
    },
    staffRollbackRemoteOverride: (_parent, args, context) => {
      const scope = parseInput(scopeArgs, args);
      return withStaffErrors(() => staffRollbackRemoteOverride(versionsContext(context), scope));
    },
    staffClearRemoteOverride: (_parent, args, context) => {
      const scope = parseInput(scopeArgs, args);
      return withStaffErrors(() => staffClearRemoteOverride(versionsContext(context), scope));
    },
    staffStartRemotePreview: (_parent, args, context) => {
      const input = parseInput(releaseArgs, args);
      return withStaffErrors(() => staffStartRemotePreview(versionsContext(context), input));
    },
    staffEndRemotePreview: (_parent, args, context) => {
      const input = parseInput(tokenArgs, args);
      return withStaffErrors(() => staffEndRemotePreview(versionsContext(context), input));
    },
  },
};
