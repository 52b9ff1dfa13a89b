import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { marketplaceIdInput, mgIdInput } from '../kernel/id-input';
import { confirmEmail, requestConfirmEmail } from './email-confirmation';
import { CodeSpentError, RateLimitedError, UnauthenticatedError } from './errors';
import {
  emailInput,
  linkTokenInput,
  newPasswordInput,
  optionalProfileInput,
  passcodeInput,
  passcodeTokenInput,
  passwordInput,
  phoneCodeInput,
  requiredProfileInput,
  webOriginUrlInput,
} from './inputs';
import { passcodeAuthenticate, requestPasscode } from './passcodes';
import {
  passwordResetLinkUsable,
  passwordResetMessages,
  requestResetPassword,
  resetPasswordByToken,
} from './password-reset';
import { authenticateWithPassword, registerWithPassword } from './passwords';
import { confirmPhone, requestConfirmPhone } from './phone-confirmation';
import {
  authProviders,
  registerWithToken,
  startThirdPartySignIn,
  thirdPartyAuthenticate,
} from './third-party';
import { authOptions, getViewer, logout } from './viewer';

const thirdPartyArgs = z.object({
  marketplaceId: marketplaceIdInput,
  code: z
    .string()
    .trim()
    .min(1, 'The authorization code is missing.')
    .max(2048, 'The authorization code is too long.'),
  clientId: z.string().trim().min(1, 'clientId is required.'),
  redirectUrl: z.string().trim().min(1, 'redirectUrl is required.'),
  // Checked by the service: a missing or wrong state is refused as an unverified sign-in.
  state: z.string().max(512).nullish(),
  iss: z.string().max(2048).nullish(),
});
const thirdPartyInput = (args: unknown) => {
  const { state, iss, ...input } = parseInput(thirdPartyArgs, args);
  return { ...input, state: state || null, iss: iss || null };
};

export const identityResolvers: Resolvers = {
  Query: {
    viewer: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ mgId: mgIdInput }), args);
      return withIdentityErrors(() => getViewer(identity, input));
    },
    authOptions: (_parent, args, { identity }) => {
      const { mgId } = parseInput(z.object({ identifier: emailInput, mgId: mgIdInput }), args);
      return withIdentityErrors(() => authOptions(identity, { mgId }));
    },
    authProviders: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput }), args);
      return withIdentityErrors(() => authProviders(identity, input));
    },
    passwordResetLinkUsable: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({ token: linkTokenInput(passwordResetMessages.invalidLink), mgId: mgIdInput }),
        args,
      );
      return withIdentityErrors(() => passwordResetLinkUsable(identity, input));
    },
  },
  Mutation: {
    requestPasscode: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput, email: emailInput }), args);
      return withIdentityErrors(() => requestPasscode(identity, input));
    },
    passcodeAuthenticate: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({ token: passcodeTokenInput, code: passcodeInput, marketplaceId: marketplaceIdInput }),
        args,
      );
      return withIdentityErrors(() => passcodeAuthenticate(identity, input));
    },
    authenticate: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({ marketplaceId: marketplaceIdInput, email: emailInput, password: passwordInput }),
        args,
      );
      return withIdentityErrors(() => authenticateWithPassword(identity, input));
    },
    register: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({
          marketplaceId: marketplaceIdInput,
          email: emailInput,
          password: newPasswordInput,
          profile: optionalProfileInput(identity.clock()).nullish(),
        }),
        args,
      );
      return withIdentityErrors(() =>
        registerWithPassword(identity, { ...input, profile: input.profile ?? {} }),
      );
    },
    logout: (_parent, _args, { identity }) => withIdentityErrors(() => logout(identity)),
    requestResetPassword: (_parent, args, { identity }) => {
      const { marketplaceId, ...input } = parseInput(
        z.object({
          webOriginUrl: webOriginUrlInput,
          email: emailInput,
          mgId: mgIdInput,
          marketplaceId: marketplaceIdInput.nullish(),
        }),
        args,
      );
      return withIdentityErrors(() =>
        requestResetPassword(identity, { ...input, marketplaceId: marketplaceId ?? null }),
      );
    },
    resetPasswordByToken: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({
          webOriginUrl: webOriginUrlInput,
          password: newPasswordInput,
          token: linkTokenInput(
            'This password reset link is invalid or has expired. Please request a new one.',
          ),
          mgId: mgIdInput,
        }),
        args,
      );
      return withIdentityErrors(() => resetPasswordByToken(identity, input));
    },
    requestConfirmEmail: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput }), args);
      return withIdentityErrors(() => requestConfirmEmail(identity, input));
    },
    confirmEmail: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({
          marketplaceId: marketplaceIdInput,
          token: linkTokenInput(
            'This confirmation link is invalid or has expired. Please request a new one.',
          ),
        }),
        args,
      );
      return withIdentityErrors(() => confirmEmail(identity, input));
    },
    requestConfirmPhone: (_parent, args, { identity }) => {
      const { marketplaceId } = parseInput(z.object({ marketplaceId: marketplaceIdInput.nullish() }), args);
      return withIdentityErrors(() =>
        requestConfirmPhone(identity, { marketplaceId: marketplaceId ?? null }),
      );
    },
    confirmPhone: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput, code: phoneCodeInput }), args);
      return withIdentityErrors(() => confirmPhone(identity, input));
    },
    startThirdPartySignIn: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({
          marketplaceId: marketplaceIdInput,
          provider: z.enum(['GOOGLE', 'APPLE']),
          returnPath: z.string().nullish(),
        }),
        args,
      );
      return withIdentityErrors(() =>
        startThirdPartySignIn(identity, {
          marketplaceId: input.marketplaceId,
          provider: input.provider === 'GOOGLE' ? 'google' : 'apple',
          returnPath: input.returnPath ?? null,
        }),
      );
    },
    googleAuthenticate: (_parent, args, { identity }) => {
      const input = thirdPartyInput(args);
      return withIdentityErrors(() => thirdPartyAuthenticate(identity, { ...input, provider: 'google' }));
    },
    appleAuthenticate: (_parent, args, { identity }) => {
      const input = thirdPartyInput(args);
      return withIdentityErrors(() => thirdPartyAuthenticate(identity, { ...input, provider: 'apple' }));
    },
    registerWithToken: (_parent, args, { identity }) => {
      const { marketplaceId, token, email, profile } = parseInput(
        z.object({
          marketplaceId: marketplaceIdInput,
          token: z.string().trim().min(1, 'Your sign-in has expired. Please sign in again.'),
          email: z.string().trim().min(1, 'Email is required').pipe(emailInput),
          privateEmail: z.boolean().nullish(),
          profile: requiredProfileInput(identity.clock()),
        }),
        args,
      );
      return withIdentityErrors(() => registerWithToken(identity, { marketplaceId, token, email, profile }));
    },
  },
};

/** withServiceErrors, plus the identity failures: UNAUTHENTICATED and RATE_LIMITED. */
const withIdentityErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: CodeSpentError, code: 'CODE_SPENT' },
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: RateLimitedError, code: 'RATE_LIMITED' },
  ]);
