import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientValues } from '../client-values/reset';
import {
  $accountTab,
  $alertVerifyEmail,
  $alertVerifyPhone,
  $appliedPromo,
  $checkoutNotes,
  $locationType,
  $marketplaceId,
  $mgId,
  $passCodeToken,
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $step,
  $user,
  $userAuthError,
  $userEmail,
  CLIENT_KEPT_KEYS,
} from '../client-values/stores';
import {
  clearSignedInData,
  rememberSignedInUser,
  SESSION_BOUND,
  SIGNED_IN_PERSON,
  type SignedInUser,
  syncViewer,
} from './session';

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

describe('rememberSignedInUser (sign-in)', () => {
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

describe('syncViewer(null): the session ended on the server (password reset elsewhere, expiry)', () => {
  /** A signed-in client with a phone to verify, halfway through a booking. */
  const signedInMidBooking = () => {
    $marketplaceId.set('1');
    $mgId.set('1');
    rememberSignedInUser({ ...ana, emailConfirmed: false, phoneConfirmed: false });
    $accountTab.set('wallet');
    $selectedLocation.set({
      organizationId: '4',
      name: 'Glow SoHo',
      address: '1 Main St',
      phone: '+12125550100',
    });
    $locationType.set('clinic');
    $selectedProcedures.set([{ id: '3', addOnIds: [] }]);
    $selectedDateTime.set({ date: '2030-01-02', time: '09:00' });
    $step.set('confirm');
    $checkoutNotes.set({ '7': 'yes' });
    $appliedPromo.set({ code: 'GLOW10', discountAmount: 1000 });
  };

  it("clears every value of the person who was signed in, as logout does, and keeps the marketplace's cart", () => {
    signedInMidBooking();
    const booking = () => [
      $selectedLocation.get(),
      $locationType.get(),
      $selectedProcedures.get(),
      $selectedDateTime.get(),
      $step.get(),
      $checkoutNotes.get(),
      $appliedPromo.get(),
    ];
    const before = booking();
    expect([$alertVerifyPhone.get(), $alertVerifyEmail.get()]).toEqual([true, true]);

    syncViewer(null);

    expect([$user.get(), $userEmail.get(), $alertVerifyEmail.get(), $alertVerifyPhone.get()]).toEqual([
      null,
      null,
      false,
      false,
    ]);
    expect($accountTab.get()).toBe('profile');
    expect(booking()).toEqual(before);
    expect([$marketplaceId.get(), $mgId.get()]).toEqual(['1', '1']);
    const stored = Object.keys({ ...localStorage });
    for (const key of ['user', 'user-email', 'alert-verify-email', 'alert-verify-phone', 'account-tab']) {
      expect(stored).not.toContain(key);
    }
    for (const key of ['marketplace-id', 'selected-procedures', 'selected-location', 'applied-promo']) {
      expect(stored).toContain(key);
    }
  });

  it('leaves a guest the email typed at checkout and a sign-in under way, and drops stray alert flags', () => {
    $userEmail.set('guest@example.com');
    $passCodeToken.set('token-1');
    $alertVerifyPhone.set(true);
    syncViewer(null);
    expect([$userEmail.get(), $passCodeToken.get(), $alertVerifyPhone.get()]).toEqual([
      'guest@example.com',
      'token-1',
      false,
    ]);
  });

  it('decides for every client-kept value whether it outlives the session', () => {
    const cleared = new Set([...SESSION_BOUND, ...SIGNED_IN_PERSON]);
    expect(CLIENT_KEPT_KEYS.filter((key) => !cleared.has(key))).toEqual([
      'toast',
      'user-auth-error',
      'pass-code-token',
      'marketplace-id',
      'mg-id',
      'selected-location',
      'location-type',
      'selected-procedures',
      'selected-date-time',
      'selected-waitlist',
      'step',
      'checkout-notes',
      'checkout-notes-expanded',
      'applied-promo',
      'previous-page',
      'autocomplete-token',
    ]);
  });
});

describe('clearSignedInData (logout)', () => {
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
