import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientValues } from '../client-values/reset';
import {
  $alertVerifyEmail,
  $alertVerifyPhone,
  $marketplaceId,
  $mgId,
  $passCodeToken,
  $selectedProcedures,
  $user,
  $userAuthError,
  $userEmail,
} from '../client-values/stores';
import { clearSignedInData, rememberSignedInUser, type SignedInUser, syncViewer } from './session';

const ana: SignedInUser = {
  id: '42',
  emailConfirmed: true,
  phoneConfirmed: true,
  profile: { email: 'ana@example.com', givenName: 'Ana', familyName: 'Lima', phone: '+12125550142' },
};

beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

describe('rememberSignedInUser (spec 4 sign-in)', () => {
  it('stores the user and email, drops the passcode token and the auth error', () => {
    $passCodeToken.set('token-1');
    $userAuthError.set(true);

    expect(rememberSignedInUser(ana)).toEqual({ emailPending: false });

    expect($user.get()).toEqual({
      id: '42',
      email: 'ana@example.com',
      givenName: 'Ana',
      familyName: 'Lima',
      emailConfirmed: true,
      phoneConfirmed: true,
    });
    expect([$userEmail.get(), $passCodeToken.get(), $userAuthError.get()]).toEqual([
      'ana@example.com',
      null,
      false,
    ]);
    expect([$alertVerifyEmail.get(), $alertVerifyPhone.get()]).toEqual([false, false]);
  });

  it('raises the pending-email-verification flag when the email is not confirmed', () => {
    expect(rememberSignedInUser({ ...ana, emailConfirmed: false })).toEqual({ emailPending: true });
    expect($alertVerifyEmail.get()).toBe(true);
  });

  it('raises the phone flag only for a phone that is not confirmed', () => {
    rememberSignedInUser({ ...ana, phoneConfirmed: false });
    expect($alertVerifyPhone.get()).toBe(true);
    rememberSignedInUser({ ...ana, phoneConfirmed: false, profile: { ...ana.profile, phone: null } });
    expect($alertVerifyPhone.get()).toBe(false);
  });
});

describe('syncViewer', () => {
  it('forgets the user when there is no session', () => {
    rememberSignedInUser(ana);
    syncViewer(null);
    expect($user.get()).toBeNull();
  });

  it('lowers the alert flags once the server says email and phone are confirmed', () => {
    $alertVerifyEmail.set(true);
    $alertVerifyPhone.set(true);
    syncViewer(ana);
    expect([$alertVerifyEmail.get(), $alertVerifyPhone.get(), $user.get()?.id]).toEqual([false, false, '42']);
  });

  it('keeps the flags while still unconfirmed', () => {
    $alertVerifyEmail.set(true);
    syncViewer({ ...ana, emailConfirmed: false });
    expect($alertVerifyEmail.get()).toBe(true);
  });
});

describe('clearSignedInData (spec 4 logout)', () => {
  it('clears every local value and key except the marketplace id', () => {
    $marketplaceId.set('1');
    $mgId.set('10');
    rememberSignedInUser({ ...ana, emailConfirmed: false });
    $selectedProcedures.set([{ id: '3', addOnIds: [] }]);
    localStorage.setItem('query-cache', '{"clientState":{}}');

    clearSignedInData();

    expect($marketplaceId.get()).toBe('1');
    expect([$mgId.get(), $user.get(), $userEmail.get(), $alertVerifyEmail.get()]).toEqual([
      null,
      null,
      null,
      false,
    ]);
    expect($selectedProcedures.get()).toEqual([]);
    expect({ ...localStorage }).toEqual({ 'marketplace-id': '"1"' });
  });

  it('works without storage', () => {
    rememberSignedInUser(ana);
    clearSignedInData(null);
    expect($user.get()).toBeNull();
  });
});
