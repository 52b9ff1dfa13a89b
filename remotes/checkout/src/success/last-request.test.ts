import type { AppointmentRequest } from '@atrium/graphql-client/checkout';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAST_REQUEST_KEY, lastRequest, rememberRequest } from './last-request';
import { clinicRequest } from './test-requests';

const answer: AppointmentRequest = { ...clinicRequest, practitioner: { id: '8', name: 'Ada' } };
const guestAt1 = { marketplaceId: '1', userId: null };

describe('the last request of this tab', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept in sessionStorage so a reload of /success still recaps it', () => {
    rememberRequest(guestAt1, answer);
    expect(sessionStorage.getItem(LAST_REQUEST_KEY)).not.toBeNull();
    expect(lastRequest(guestAt1)).toEqual(clinicRequest);
  });

  it('is not shown at another marketplace, nor to someone else than who sent it', () => {
    rememberRequest(guestAt1, answer);
    expect(lastRequest({ marketplaceId: '2', userId: null })).toBeNull();
    expect(lastRequest({ marketplaceId: '1', userId: '42' })).toBeNull();
    rememberRequest({ marketplaceId: '1', userId: '42' }, answer);
    expect(lastRequest(guestAt1)).toBeNull();
    expect(lastRequest({ marketplaceId: '1', userId: '42' })).toEqual(clinicRequest);
  });

  it('is nothing when none was sent or what is stored is not what was written', () => {
    expect(lastRequest(guestAt1)).toBeNull();
    sessionStorage.setItem(LAST_REQUEST_KEY, '{not json');
    expect(lastRequest(guestAt1)).toBeNull();
    sessionStorage.setItem(
      LAST_REQUEST_KEY,
      JSON.stringify({
        marketplaceId: '1',
        userId: null,
        request: { ...clinicRequest, recap: { total: -1 } },
      }),
    );
    expect(lastRequest(guestAt1)).toBeNull();
  });

  it('forgets an earlier request when an answer comes without a recap', () => {
    rememberRequest(guestAt1, answer);
    rememberRequest(guestAt1, { ...answer, recap: null });
    expect(lastRequest(guestAt1)).toBeNull();
  });
});
