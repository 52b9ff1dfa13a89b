import { configureGraphQLClient } from '@atrium/graphql-client';
import {
  STAFF_UNREAD_REFRESH_MS,
  staffUnreadRequestCountQueryOptions,
} from '@atrium/graphql-client/staff-request-notices';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RequestsSection from '../requests/requests-section';
import { ConsoleShell } from '../shell/console-shell';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import { requestMailTexts } from './request-mails-setting';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};

/**
 * Whether the box shows as checked (its root's state): happy-dom gives zag no `checked` setter to put
 * the hidden input back after a refused change, which browsers do.
 */
const shownChecked = (box: HTMLElement) => box.closest('label')?.getAttribute('data-state') === 'checked';

const requestsLink = () =>
  within(screen.getByRole('navigation', { name: 'Console sections' })).getByRole('link', {
    name: /^Requests/,
  });

/** The console's navigation on the Schedule section, with the given unread count and mail setting. */
function showShell(unread: number, mailNewRequests = true) {
  const api = graphqlFetch({
    StaffUnreadRequestCount: () => ({ data: { staffUnreadRequestCount: unread } }),
    StaffRequestNoticeSettings: () => ({ data: { staffRequestNoticeSettings: { mailNewRequests } } }),
    StaffSetNewRequestMails: (variables) => ({
      data: { staffSetNewRequestMails: { mailNewRequests: variables.enabled } },
    }),
    StaffRequestPage: () => ({
      data: { staffRequestPage: { requests: [], total: 0, page: 1, pageSize: 20, pageCount: 1 } },
    }),
  });
  renderConsole(<ConsoleShell marketplaceId="1" staff={frontDesk} />, '/1/console/schedule');
  return api;
}

describe('the unread count in the navigation', () => {
  it('shows how many new requests there are beside Requests, named with the words on screen', async () => {
    const api = showShell(3);
    expect(await screen.findByRole('link', { name: 'Requests 3 unread' })).toBe(requestsLink());
    // Seen as "Requests 3": the rest of the name is visually hidden, after the visible words.
    const badge = requestsLink().querySelector('.chakra-badge');
    expect(badge?.firstChild?.textContent).toBe('3');
    expect(requestsLink().textContent).toBe('Requests 3 unread');
    expect(api.of('StaffUnreadRequestCount')[0]?.variables).toEqual({ marketplaceId: '1' });
  });

  it('shows no count when there is nothing new', async () => {
    const api = showShell(0);
    await waitFor(() => expect(api.of('StaffUnreadRequestCount')).toHaveLength(1));
    await screen.findByRole('checkbox', { name: requestMailTexts.label });
    expect(requestsLink().textContent).toBe('Requests');
  });

  it('is asked for again every minute and when the window regains focus', () => {
    const options = staffUnreadRequestCountQueryOptions('1');
    expect(STAFF_UNREAD_REFRESH_MS).toBe(60_000);
    expect([options.refetchInterval, options.refetchOnWindowFocus]).toEqual([60_000, true]);
  });

  it('starts again from nothing when the member opens Requests', async () => {
    let unread = 2;
    const api = graphqlFetch({
      StaffUnreadRequestCount: () => ({ data: { staffUnreadRequestCount: unread } }),
      StaffMarkRequestsSeen: () => {
        unread = 0;
        return { data: { staffMarkRequestsSeen: 0 } };
      },
      StaffRequestNoticeSettings: () => ({ data: { staffRequestNoticeSettings: { mailNewRequests: true } } }),
      StaffRequestPage: () => ({
        data: { staffRequestPage: { requests: [], total: 0, page: 1, pageSize: 20, pageCount: 1 } },
      }),
    });
    renderConsole(<ConsoleShell marketplaceId="1" staff={frontDesk} />, '/1/console/schedule');
    expect(await screen.findByRole('link', { name: 'Requests 2 unread' })).toBeTruthy();

    fireEvent.click(requestsLink());
    await waitFor(() => expect(requestsLink().textContent).toBe('Requests'));
    expect(api.of('StaffMarkRequestsSeen').map((call) => call.variables)).toEqual([{ marketplaceId: '1' }]);
  });

  it('drops a count asked for before the requests were marked seen', async () => {
    let answerCount = () => {};
    const api = graphqlFetch({
      StaffUnreadRequestCount: () => ({ data: { staffUnreadRequestCount: 4 } }),
      StaffMarkRequestsSeen: () => ({ data: { staffMarkRequestsSeen: 0 } }),
      StaffRequestNoticeSettings: () => ({ data: { staffRequestNoticeSettings: { mailNewRequests: true } } }),
      StaffRequestPage: () => ({
        data: { staffRequestPage: { requests: [], total: 0, page: 1, pageSize: 20, pageCount: 1 } },
      }),
    });
    // The navigation's first count is answered only after Requests was marked seen.
    configureGraphQLClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(init?.body).includes('"operationName":"StaffUnreadRequestCount"')) {
          await new Promise<void>((resolve) => {
            answerCount = resolve;
          });
        }
        return api.fetch(input, init);
      }) as typeof fetch,
    });
    renderConsole(<ConsoleShell marketplaceId="1" staff={frontDesk} />, '/1/console/requests');
    await screen.findByText('No pending requests.');
    await waitFor(() => expect(api.of('StaffMarkRequestsSeen')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answerCount();
    await waitFor(() => expect(api.of('StaffUnreadRequestCount')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsLink().textContent).toBe('Requests');
  });

  it('is marked seen once by the Requests section itself', async () => {
    const api = graphqlFetch({
      StaffMarkRequestsSeen: () => ({ data: { staffMarkRequestsSeen: 0 } }),
      StaffRequestPage: () => ({
        data: { staffRequestPage: { requests: [], total: 0, page: 1, pageSize: 20, pageCount: 1 } },
      }),
    });
    renderConsole(<RequestsSection marketplaceId="1" staff={frontDesk} />, '/1/console/requests');
    await screen.findByText('No pending requests.');
    expect(api.of('StaffMarkRequestsSeen').map((call) => call.variables)).toEqual([{ marketplaceId: '1' }]);
  });
});

describe('the new-request mail switch', () => {
  it('shows the saved setting and saves a change of the member’s own, with a toast', async () => {
    const toasts = collectToasts();
    const api = showShell(0, true);
    const box = await screen.findByRole('checkbox', { name: 'Mail me about new requests' });
    expect(shownChecked(box)).toBe(true);

    fireEvent.click(box);
    await waitFor(() => expect(toasts).toEqual([{ type: 'success', message: requestMailTexts.off }]));
    expect(api.of('StaffSetNewRequestMails').map((call) => call.variables)).toEqual([
      { marketplaceId: '1', enabled: false },
    ]);
    expect(shownChecked(screen.getByRole('checkbox', { name: requestMailTexts.label }))).toBe(false);
    expect(requestMailTexts.off).toBe('You will no longer get mails about new requests.');
  });

  it('shows a setting saved off as off, and turns it on', async () => {
    const toasts = collectToasts();
    showShell(0, false);
    const box = await screen.findByRole('checkbox', { name: requestMailTexts.label });
    expect(shownChecked(box)).toBe(false);
    fireEvent.click(box);
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'success', message: 'You will get a mail about each new request.' }]),
    );
  });

  it('says why a change failed and shows the saved setting again', async () => {
    const toasts = collectToasts();
    graphqlFetch({
      StaffUnreadRequestCount: () => ({ data: { staffUnreadRequestCount: 0 } }),
      StaffRequestNoticeSettings: () => ({ data: { staffRequestNoticeSettings: { mailNewRequests: true } } }),
      StaffSetNewRequestMails: () => ({
        errors: [{ message: 'Your role does not allow this.', extensions: { code: 'FORBIDDEN' } }],
      }),
      StaffRequestPage: () => ({
        data: { staffRequestPage: { requests: [], total: 0, page: 1, pageSize: 20, pageCount: 1 } },
      }),
    });
    renderConsole(<ConsoleShell marketplaceId="1" staff={frontDesk} />, '/1/console/schedule');
    const box = await screen.findByRole('checkbox', { name: requestMailTexts.label });
    fireEvent.click(box);
    await waitFor(() =>
      expect(toasts).toEqual([{ type: 'error', message: 'Your role does not allow this.' }]),
    );
    await waitFor(() => expect(shownChecked(box)).toBe(true));
  });
});
