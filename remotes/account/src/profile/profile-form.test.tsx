import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileForm } from './profile-form';
import { collectToasts, graphqlFetch, renderPage, viewerFixture } from './test-support';

afterEach(cleanup);

const updated = (variables: Record<string, unknown>) => ({
  data: {
    updateProfile: {
      ...viewerFixture(),
      profile: { ...viewerFixture().profile, ...(variables.input as object) },
    },
  },
});

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the profile form', () => {
  it("asks for what a profile without values is missing, with the spec's messages", async () => {
    const api = graphqlFetch({ UpdateProfile: updated });
    const viewer = viewerFixture({
      profile: {
        email: 'new@example.com',
        givenName: null,
        familyName: null,
        dob: null,
        phone: null,
        address: null,
        sexAssignedAtBirth: null,
        tzid: null,
      },
    });
    renderPage(<ProfileForm viewer={viewer} mgId="10" onSaved={() => {}} onCancel={() => {}} />);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Date of Birth is required',
      'Phone Number is required',
      'Address is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(field('Email').readOnly).toBe(true);
    expect(field('Email').value).toBe('new@example.com');
    expect(api.calls).toEqual([]);
  });

  it('refuses a birth date after today', async () => {
    graphqlFetch({ UpdateProfile: updated });
    renderPage(<ProfileForm viewer={viewerFixture()} mgId="10" onSaved={() => {}} onCancel={() => {}} />);
    const nextYear = new Date().getFullYear() + 1;
    type('Date of Birth', `01/01/${nextYear}`);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date of Birth cannot be after today')).toBeTruthy();
  });

  it('takes a birth date typed the common US way and names an impossible one', async () => {
    const api = graphqlFetch({ UpdateProfile: updated });
    renderPage(<ProfileForm viewer={viewerFixture()} mgId="10" onSaved={() => {}} onCancel={() => {}} />);
    type('Date of Birth', '02/30/1990');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a real date, like 4/2/1990')).toBeTruthy();
    expect(api.calls).toEqual([]);

    type('Date of Birth', '4/2/1990');
    expect(field('Date of Birth').value).toBe('4/2/1990');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(JSON.stringify(api.calls[0])).toContain('"dob":"1990-04-02"');
  });

  it('formats the phone nationally as the client types, as the registration form does', () => {
    renderPage(<ProfileForm viewer={viewerFixture()} mgId="10" onSaved={() => {}} onCancel={() => {}} />);

    type('Phone Number', '');
    type('Phone Number', '3035550199');
    expect(field('Phone Number').value).toBe('(303) 555-0199');
    expect(field('Phone Number').type).toBe('tel');
  });

  it("keeps the existing value of an emptied field, sends the changes, and toasts 'Profile updated successfully'", async () => {
    const api = graphqlFetch({ UpdateProfile: updated });
    const toasts = collectToasts();
    const onSaved = vi.fn();
    renderPage(<ProfileForm viewer={viewerFixture()} mgId="10" onSaved={onSaved} onCancel={() => {}} />);

    expect(field('First Name').value).toBe('Ana');
    expect(field('Phone Number').value).toBe('(212) 555-0142');
    expect(field('Date of Birth').value).toBe('04/12/1990');
    type('First Name', '');
    type('Last Name', '  ');
    type('Address', '1 Main St, Denver, CO 80202');
    type('Phone Number', '(303) 555-0199');
    fireEvent.change(screen.getByRole('combobox', { name: 'Assigned sex' }), {
      target: { value: 'unknown' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.of('UpdateProfile')[0]?.variables).toEqual({
      mgId: '10',
      userId: '7',
      input: {
        dob: '1990-04-12',
        phone: '+13035550199',
        address: '1 Main St, Denver, CO 80202',
        sexAssignedAtBirth: 'unknown',
      },
    });
    expect(toasts).toContainEqual({ type: 'success', message: 'Profile updated successfully' });
  });

  it("toasts the server's message, else 'There was an issue with updating the profile'", async () => {
    const api = graphqlFetch({
      UpdateProfile: () => ({
        errors: [{ message: 'Phone is already in use', extensions: { code: 'BAD_USER_INPUT' } }],
      }),
    });
    const toasts = collectToasts();
    renderPage(<ProfileForm viewer={viewerFixture()} mgId="10" onSaved={() => {}} onCancel={() => {}} />);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Phone is already in use' }));
    expect(api.calls).toHaveLength(1);
  });
});

describe("the 'Auto Fill Address' dialog", () => {
  const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: answer },
      configurable: true,
    });

  async function openDialog() {
    renderPage(<ProfileForm viewer={viewerFixture()} mgId="10" onSaved={() => {}} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Autofill Address' }));
    return screen.findByRole('dialog', { name: 'Auto Fill Address' });
  }

  const located = (address: string, hasStreet: boolean) =>
    graphqlFetch({
      ReverseGeocode: () => ({
        data: {
          reverseGeocode: {
            address,
            hasStreet,
            latitude: 39.75,
            longitude: -104.99,
            timeZone: 'America/Denver',
          },
        },
      }),
    });

  it("fills a street address found at the current location and toasts 'Location autofilled successfully'", async () => {
    const api = located('1 Main St, Denver, CO 80202', true);
    geolocation((ok) => ok({ coords: { latitude: 39.7392, longitude: -104.9903 } } as GeolocationPosition));
    const toasts = collectToasts();
    const dialog = await openDialog();

    expect(within(dialog).getByPlaceholderText('Search for a place')).toBeTruthy();
    const select = within(dialog).getByRole('button', { name: 'Select Address' }) as HTMLButtonElement;
    expect(select.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use current location' }));
    expect(await within(dialog).findByText('1 Main St, Denver, CO 80202')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: /Street address/ })).toBeNull();
    fireEvent.click(select);

    await waitFor(() => expect(field('Address').value).toBe('1 Main St, Denver, CO 80202'));
    expect(api.of('ReverseGeocode')[0]?.variables).toEqual({ latitude: 39.7392, longitude: -104.9903 });
    expect(toasts).toContainEqual({ type: 'success', message: 'Location autofilled successfully' });
  });

  it('says when only the city is known at the current location, and selects it only with the street added', async () => {
    located('Denver, CO 80202', false);
    geolocation((ok) => ok({ coords: { latitude: 39.7392, longitude: -104.9903 } } as GeolocationPosition));
    const toasts = collectToasts();
    const dialog = await openDialog();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use current location' }));
    expect(
      await within(dialog).findByText(
        'We found your city and ZIP code but not your street. Add your street address to complete it.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Denver, CO 80202')).toBeTruthy();
    const street = within(dialog).getByRole('textbox', { name: /Street address/ }) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(street));
    const select = within(dialog).getByRole('button', { name: 'Select Address' }) as HTMLButtonElement;
    expect(select.disabled).toBe(true);

    fireEvent.change(street, { target: { value: '1 Main St' } });
    expect(within(dialog).getByText('1 Main St, Denver, CO 80202')).toBeTruthy();
    expect(select.disabled).toBe(false);
    fireEvent.click(select);

    await waitFor(() => expect(field('Address').value).toBe('1 Main St, Denver, CO 80202'));
    expect(toasts).toContainEqual({ type: 'success', message: 'Location autofilled successfully' });
  });

  it("says 'Unable to get address. Please try again.' when location is refused", async () => {
    const api = graphqlFetch({});
    geolocation((_ok, fail) =>
      fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    const dialog = await openDialog();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use current location' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unable to get address. Please try again.',
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Select Address' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(api.calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(field('Address').value).toBe('350 5th Ave, New York, NY 10118'));
  });

  it('fills the address from a place found by search', async () => {
    graphqlFetch({
      PlaceSuggestions: () => ({
        data: {
          placeSuggestions: [
            {
              placeId: 'zip:80202',
              description: '1 Main St, Denver, CO 80202',
              mainText: '1 Main St',
              secondaryText: 'Denver, CO 80202',
            },
          ],
        },
      }),
      Geocode: () => ({
        data: {
          geocode: {
            address: '1 Main St, Denver, CO 80202',
            hasStreet: true,
            latitude: 39.75,
            longitude: -104.99,
            timeZone: 'America/Denver',
          },
        },
      }),
    });
    const dialog = await openDialog();

    const search = within(dialog).getByRole('combobox', { name: 'Place' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: '1 Main St, Denver' } });
    const option = await within(dialog).findByRole('option', { name: /Denver/ }, { timeout: 2000 });
    // The list opens in the flow, after 'Use current location': it cannot cover the button.
    const locate = within(dialog).getByRole('button', { name: 'Use current location' });
    expect(locate.compareDocumentPosition(option) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getComputedStyle(within(dialog).getByRole('listbox')).position).not.toBe('absolute');
    fireEvent.click(option);
    expect(await within(dialog).findByText('1 Main St, Denver, CO 80202')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select Address' }));

    await waitFor(() => expect(field('Address').value).toBe('1 Main St, Denver, CO 80202'));
  });
});
