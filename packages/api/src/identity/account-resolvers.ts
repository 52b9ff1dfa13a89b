import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { marketplaceIdInput, mgIdInput } from '../kernel/id-input';
import { accountErrors, withAccountErrors } from './account-graphql-errors';
import { IncorrectPasswordError, RateLimitedError, ReauthenticationRequiredError } from './errors';
import { currentPasswordInput, newPasswordInput, optionalProfileInput } from './inputs';
import { changeOwnPassword, setOwnPassword } from './own-password';
import { updateProfile } from './profile';

/** Registration's rules for each field; empty or missing comes out null: keep the stored value. */
const updateProfileArgs = (today: Date) =>
  z.object({
    mgId: mgIdInput,
    userId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null)),
    input: optionalProfileInput(today).omit({ emailOptIn: true, phoneOptIn: true }),
  });

export const accountResolvers: Resolvers = {
  Mutation: {
    updateProfile: (_parent, args, { identity }) => {
      const { mgId, userId, input } = parseInput(updateProfileArgs(identity.clock()), args);
      return withAccountErrors(() => updateProfile(identity, { mgId, userId, profile: input }));
    },
    setPassword: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({ marketplaceId: marketplaceIdInput, password: newPasswordInput }),
        args,
      );
      return withPasswordErrors(() => setOwnPassword(identity, input));
    },
    changePassword: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({
          marketplaceId: marketplaceIdInput,
          currentPassword: currentPasswordInput,
          newPassword: newPasswordInput,
        }),
        args,
      );
      return withPasswordErrors(() => changeOwnPassword(identity, input));
    },
  },
};

/** The account's errors, plus what proving who one is can fail with. */
const withPasswordErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    ...accountErrors,
    { error: IncorrectPasswordError, code: 'INCORRECT_PASSWORD' },
    { error: ReauthenticationRequiredError, code: 'REAUTHENTICATION_REQUIRED' },
    { error: RateLimitedError, code: 'RATE_LIMITED' },
  ]);
