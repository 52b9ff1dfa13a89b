import { createQueryClient, GraphQLProvider } from '@atrium/graphql-client';
import { graphqlFetch } from '@atrium/graphql-client/testing';
import { MemoryRouter, useNavigate } from '@atrium/navigation';
import { $alertVerifyPhone, $user, resetClientValues } from '@atrium/stores';
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ViewerSync from './viewer-sync';

afterEach(cleanup);
beforeEach(() => {
  resetClientValues();
  focusManager.setFocused(undefined);
});

const viewer = {
  id: '7',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  emailConfirmed: true,
  phoneConfirmed: false,
  emailOptIn: false,
  phoneOptIn: false,
  profile: {
    email: 'ana@example.com',
    givenName: 'Ana',
    familyName: 'Lee',
    dob: null,
    phone: '+12125550142',
    address: null,
    sexAssignedAtBirth: null,
    tzid: null,
  },
};

const noSession = {
  errors: [{ message: 'Please sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
};

/** The API's session for group 10: there until `end()`. */
function session() {
  let live = true;
  const api = graphqlFetch({ Viewer: () => (live ? { data: { viewer } } : noSession) });
  return { ...api, end: () => (live = false) };
}

/** A link of the app: a page change with no reload. */
function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go to {to}
    </button>
  );
}

function renderSync() {
  render(
    <GraphQLProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/1/services']}>
        <ViewerSync mgId="10" />
        <GoTo to="/1/schedule" />
      </MemoryRouter>
    </GraphQLProvider>,
  );
}

const signedIn = () => {
  $user.set({
    id: '7',
    email: 'ana@example.com',
    givenName: 'Ana',
    familyName: 'Lee',
    emailConfirmed: true,
    phoneConfirmed: false,
  });
  $alertVerifyPhone.set(true);
};

describe('ViewerSync', () => {
  it('remembers the user of a session the browser holds, though nothing was remembered', async () => {
    session();
    renderSync();
    await waitFor(() => expect($user.get()).toMatchObject({ id: '7', email: 'ana@example.com' }));
  });

  it('forgets a signed-in client whose session ended elsewhere at the next page change in the app', async () => {
    signedIn();
    const api = session();
    renderSync();
    await waitFor(() => expect(api.of('Viewer')).toHaveLength(1));

    api.end();
    fireEvent.click(screen.getByRole('button', { name: 'Go to /1/schedule' }));
    await waitFor(() => expect($user.get()).toBeNull());
    expect($alertVerifyPhone.get()).toBe(false);
    expect(api.of('Viewer')).toHaveLength(2);
  });

  it('forgets a signed-in client whose session ended elsewhere when the window is returned to', async () => {
    signedIn();
    const api = session();
    renderSync();
    await waitFor(() => expect(api.of('Viewer')).toHaveLength(1));

    api.end();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect($user.get()).toBeNull());
  });

  it('does not ask again for a guest at page changes or on focus', async () => {
    const api = graphqlFetch({ Viewer: () => noSession });
    renderSync();
    await waitFor(() => expect(api.of('Viewer')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Go to /1/schedule' }));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.of('Viewer')).toHaveLength(1);
    expect($user.get()).toBeNull();
  });
});
