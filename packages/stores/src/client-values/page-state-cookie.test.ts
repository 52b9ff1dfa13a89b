import { beforeEach, describe, expect, it } from 'vitest';
import {
  decodePageStateCookie,
  encodePageStateCookie,
  mirrorPageStateToCookie,
  PAGE_STATE_COOKIE,
} from './page-state-cookie';
import { resetClientValues } from './reset';
import { $selectedLocation, $selectedProcedures, $toast, $user } from './stores';

const clinic = { organizationId: '101', name: 'Midtown', address: '1 Main St', phone: '+12125550100' };
const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${PAGE_STATE_COOKIE}=`))
    ?.slice(PAGE_STATE_COOKIE.length + 1);

beforeEach(() => {
  localStorage.clear();
  resetClientValues();
  // biome-ignore lint/suspicious/noDocumentCookie: removes what the code under test wrote (document.cookie, as browsers all have it).
  document.cookie = `${PAGE_STATE_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the page-state cookie (a copy of the booking for server rendering)', () => {
  it('follows the booking values as they change, and leaves out the signed-in user', () => {
    const stop = mirrorPageStateToCookie();
    $selectedLocation.set(clinic);
    $selectedProcedures.set([{ id: '1006', addOnIds: [] }]);
    $user.set({
      id: 'u1',
      email: 'a@b.example',
      givenName: 'A',
      familyName: 'B',
      emailConfirmed: true,
      phoneConfirmed: true,
    });
    $toast.set({ type: 'info', message: 'Hi' });
    expect(decodePageStateCookie(cookieValue())).toEqual({
      'selected-location': JSON.stringify(clinic),
      'selected-procedures': '[{"id":"1006","addOnIds":[]}]',
    });
    stop();
    $selectedProcedures.set([]);
    expect(decodePageStateCookie(cookieValue())).toHaveProperty('selected-procedures');
  });

  it('reads only the booking keys from a cookie, whatever else it holds', () => {
    const value = encodeURIComponent(
      JSON.stringify({ 'selected-procedures': '[]', user: '{"id":"x"}', toast: '{}', 'marketplace-id': 7 }),
    );
    expect(decodePageStateCookie(value)).toEqual({ 'selected-procedures': '[]' });
  });

  it('reads an unreadable or missing cookie as no values', () => {
    expect(decodePageStateCookie(undefined)).toEqual({});
    expect(decodePageStateCookie('%E0%A4%A')).toEqual({});
    expect(decodePageStateCookie(encodeURIComponent('[1,2]'))).toEqual({});
  });

  it('is not written for a booking too large for a cookie', () => {
    const huge = {
      'selected-procedures': JSON.stringify(
        Array.from({ length: 400 }, (_, i) => ({ id: `p${i}`, addOnIds: [] })),
      ),
    };
    expect(encodePageStateCookie(huge)).toBeNull();
  });
});
