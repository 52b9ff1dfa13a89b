import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOperations, signedInClient } from '../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { operations } from '../test/identity';

interface UpdatedUser {
  id: string;
  updatedAt: string;
  phoneConfirmed: boolean;
  profile: Record<string, unknown>;
}

const storedProfile = {
  givenName: 'Ana',
  familyName: 'Lee',
  dob: '1990-04-01',
  phone: '(212) 555-0142',
  address: '1 Main St, New York, NY 10001',
  sexAssignedAtBirth: 'female',
  tzid: 'America/New_York',
};

describe.each(testDatabases)('updateProfile on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  let emailCount = 0;
  const client = () => signedInClient(context.app, '80', `profile${++emailCount}@example.com`, storedProfile);

  const update = (browser: TestBrowser, input: Record<string, unknown>, userId?: string | null) =>
    browser.data<{ updateProfile: UpdatedUser }>(accountOperations.updateProfile, {
      mgId: '80',
      userId,
      input,
    });

  const viewerProfile = async (browser: TestBrowser) =>
    (await browser.data<{ viewer: { profile: Record<string, unknown> } }>(operations.viewer, { mgId: '80' }))
      .viewer.profile;

  it('changes the given fields, keeps empty or missing ones, stores the phone E.164 and bumps updatedAt', async () => {
    const { browser, userId } = await client();
    const before = await browser.data<{ viewer: { updatedAt: string } }>(operations.viewer, { mgId: '80' });

    const { updateProfile } = await update(
      browser,
      {
        givenName: '',
        familyName: ' Smith ',
        phone: '212 555 0199',
        address: '   ',
        dob: null,
        tzid: '',
      },
      userId,
    );

    const expected = {
      email: 'profile1@example.com',
      givenName: 'Ana',
      familyName: 'Smith',
      dob: '1990-04-01',
      phone: '+12125550199',
      address: '1 Main St, New York, NY 10001',
      sexAssignedAtBirth: 'female',
      tzid: 'America/New_York',
    };
    expect(updateProfile.id).toBe(userId);
    expect(updateProfile.profile).toEqual(expected);
    expect(new Date(updateProfile.updatedAt).getTime()).toBeGreaterThan(
      new Date(before.viewer.updatedAt).getTime(),
    );
    // Stored, not just answered.
    expect(await viewerProfile(browser)).toEqual(expected);
  });

  it('changes every field when all are given, and takes no userId as the signed-in client', async () => {
    const { browser } = await client();
    const { updateProfile } = await update(browser, {
      givenName: 'Bea',
      familyName: 'Ngo',
      dob: '1985-12-31',
      phone: '+44 20 7946 0958',
      address: '2 Side St, Brooklyn, NY 11217',
      sexAssignedAtBirth: 'unknown',
      tzid: 'Europe/London',
    });
    expect(updateProfile.profile).toEqual({
      email: 'profile2@example.com',
      givenName: 'Bea',
      familyName: 'Ngo',
      dob: '1985-12-31',
      phone: '+442079460958',
      address: '2 Side St, Brooklyn, NY 11217',
      sexAssignedAtBirth: 'unknown',
      tzid: 'Europe/London',
    });
  });

  it('keeps the phone confirmed when the same number is sent, and unconfirms it when it changes', async () => {
    const { browser, userId } = await client();
    await context.sql('update users set phone_confirmed_at = now() where id = $1', [Number(userId)]);

    const same = await update(browser, { phone: '212-555-0142' });
    expect(same.updateProfile).toMatchObject({ phoneConfirmed: true, profile: { phone: '+12125550142' } });

    const changed = await update(browser, { phone: '(212) 555-0143' });
    expect(changed.updateProfile).toMatchObject({
      phoneConfirmed: false,
      profile: { phone: '+12125550143' },
    });
  });

  it.each([
    [{ phone: '123' }, 'Please provide a valid US phone number'],
    [{ dob: '1990-13-01' }, 'Enter a real date, like 4/2/1990'],
    [{ dob: '04-01-1990' }, 'Enter the date as M/D/YYYY, like 4/2/1990'],
    [{ dob: '1899-12-31' }, 'Enter a year from 1900 on'],
    [{ dob: `${new Date().getFullYear() + 1}-01-01` }, 'Date of Birth cannot be after today'],
    [{ tzid: 'Mars/Olympus_Mons' }, 'Please enter a valid time zone.'],
    [{ givenName: 'x'.repeat(101) }, 'First Name must be at most 100 characters.'],
  ])('refuses %o with BAD_USER_INPUT %j and changes nothing', async (input, message) => {
    const { browser } = await client();
    const before = await viewerProfile(browser);
    expect(
      await browser.error(accountOperations.updateProfile, {
        mgId: '80',
        input: { familyName: 'Changed', ...input },
      }),
    ).toEqual({ message, code: 'BAD_USER_INPUT' });
    expect(await viewerProfile(browser)).toEqual(before);
  });

  it('takes a birth date as the profile form does, M/D/YYYY too, and stores it yyyy-MM-dd', async () => {
    const { browser } = await client();
    expect((await update(browser, { dob: '4/2/1990' })).updateProfile.profile.dob).toBe('1990-04-02');
    expect(await viewerProfile(browser)).toMatchObject({ dob: '1990-04-02' });
  });

  it('has no email field: the sign-in address cannot be changed here', async () => {
    const { browser } = await client();
    const response = await browser.post(accountOperations.updateProfile, {
      mgId: '80',
      input: { email: 'someone.else@example.com' },
    });
    expect(response.body.errors?.[0]?.message).toMatch(
      /Field "email" is not defined by type "UpdateProfileInput"/,
    );
    expect((await viewerProfile(browser)).email).toBe(`profile${emailCount}@example.com`);
  });

  it("refuses another client's userId with FORBIDDEN and leaves both profiles alone", async () => {
    const other = await client();
    const { browser } = await client();
    expect(
      await browser.error(accountOperations.updateProfile, {
        mgId: '80',
        userId: other.userId,
        input: { givenName: 'Mallory' },
      }),
    ).toEqual({ message: 'You can only update your own profile.', code: 'FORBIDDEN' });
    expect((await viewerProfile(other.browser)).givenName).toBe('Ana');
    expect((await viewerProfile(browser)).givenName).toBe('Ana');
  });

  it('refuses a caller without a session, or with a session of another group, with UNAUTHENTICATED', async () => {
    const stranger = new TestBrowser(context.app);
    expect(
      await stranger.error(accountOperations.updateProfile, { mgId: '80', input: { givenName: 'Eve' } }),
    ).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });

    const { browser } = await client();
    expect(
      await browser.error(accountOperations.updateProfile, { mgId: '81', input: { givenName: 'Eve' } }),
    ).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' });
    expect((await viewerProfile(browser)).givenName).toBe('Ana');
  });
});
