import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileSummary } from './profile-summary';
import { renderPage, viewerFixture } from './test-support';

afterEach(cleanup);

const row = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('the profile summary', () => {
  it("shows 'Not provided' for every empty field", () => {
    const { profile } = viewerFixture({
      profile: {
        email: 'new@example.com',
        givenName: 'Ana',
        familyName: null,
        dob: null,
        phone: null,
        address: '  ',
        sexAssignedAtBirth: null,
        tzid: null,
      },
    });
    renderPage(<ProfileSummary profile={profile} onEdit={() => {}} />);

    expect(row('Name')).toBe('Ana');
    expect(row('Birthdate')).toBe('Not provided');
    expect(row('Address')).toBe('Not provided');
    expect(row('Assigned sex')).toBe('Not provided');
    expect(row('Email')).toBe('new@example.com');
    expect(row('Phone')).toBe('Not provided');
  });

  it('shows a complete profile as the client knows it, with Edit Profile', () => {
    renderPage(<ProfileSummary profile={viewerFixture().profile} onEdit={() => {}} />);

    const summary = screen.getByRole('region', { name: 'Personal Information' });
    expect(within(summary).queryByText('Not provided')).toBeNull();
    expect(row('Name')).toBe('Ana Lee');
    expect(row('Birthdate')).toBe('April 12, 1990');
    expect(row('Assigned sex')).toBe('Female');
    expect(row('Phone')).toBe('(212) 555-0142');
    expect(within(summary).getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });
});
