import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, type RequestSession, type UserRow } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { fingerprint } from '../../kernel/idempotency';
import { type CheckoutTestContext, createCheckoutTestContext } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import type { RegisterUserRequest } from './booking-request';
import { idempotencyCaller, identifyClient, registerClient } from './client';

const group = 80;
const now = new Date('2030-01-15T15:00:00Z');

/** A request's session: signed in as the user in the group, or no one. */
const sessionOf = (signedIn: { userId: number; mgId: number } | null): RequestSession =>
  ({ current: async () => (signedIn ? { id: 1, ...signedIn } : null) }) as unknown as RequestSession;

const guest = (email: string): RegisterUserRequest => ({
  email,
  profile: {
    givenName: 'Grace',
    familyName: 'Guest',
    phone: '+12125550123',
    dob: '1990-04-05',
    tzid: 'America/New_York',
    emailOptIn: false,
    phoneOptIn: true,
  },
});

describe('idempotencyCaller', () => {
  it("is the signed-in client's user id in the marketplace's group", async () => {
    expect(await idempotencyCaller(sessionOf({ userId: 7, mgId: group }), group, guest('a@b.test'))).toBe(
      'user:7',
    );
  });

  it("is the guest's email, lowercased and hashed, when no one of the group is signed in", async () => {
    const expected = `guest:${fingerprint('grace@example.com')}`;
    expect(await idempotencyCaller(sessionOf(null), group, guest('Grace@Example.com'))).toBe(expected);
    expect(
      await idempotencyCaller(sessionOf({ userId: 7, mgId: 99 }), group, guest('grace@example.com')),
    ).toBe(expected);
  });

  it('refuses a request of no one', async () => {
    await expect(idempotencyCaller(sessionOf(null), group, null)).rejects.toThrow(
      'Please sign in or enter your contact details to book.',
    );
  });
});

describe.each(testDatabases)('who books, on $name', (factory) => {
  let context: CheckoutTestContext;
  let db: Db;
  let client: UserRow;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    db = context.handle.database.db;
    const inserted = await insertUser(db, { mgId: group, email: 'known@example.com', now });
    if (!inserted) throw new Error('The client was not inserted.');
    client = inserted;
  });
  afterAll(() => context.handle.dispose());

  describe('identifyClient', () => {
    it('books a signed-in client of the group as themselves, whatever guest the request names', async () => {
      const session = sessionOf({ userId: client.id, mgId: group });
      expect(await identifyClient(db, session, group, guest('other@example.com'))).toEqual({
        kind: 'signed-in',
        user: client,
      });
    });

    it("books a guest giving an existing client's email for that client, not signed in", async () => {
      expect(await identifyClient(db, sessionOf(null), group, guest('KNOWN@example.com'))).toEqual({
        kind: 'existing',
        user: client,
      });
    });

    it('treats someone signed in to another group as a guest, to be registered when new', async () => {
      const session = sessionOf({ userId: client.id, mgId: 99 });
      expect(await identifyClient(db, session, group, guest('new@example.com'))).toEqual({
        kind: 'new',
        register: guest('new@example.com'),
      });
    });

    it('refuses a request of no one', async () => {
      await expect(identifyClient(db, sessionOf(null), group, null)).rejects.toThrow(
        'Please sign in or enter your contact details to book.',
      );
    });
  });

  describe('registerClient', () => {
    it('registers a new guest with the profile they gave', async () => {
      const user = await registerClient(
        db,
        group,
        { kind: 'new', register: guest('fresh@example.com') },
        now,
      );
      expect(user).toMatchObject({
        mgId: group,
        email: 'fresh@example.com',
        givenName: 'Grace',
        familyName: 'Guest',
        phone: '+12125550123',
        dob: '1990-04-05',
        tzid: 'America/New_York',
        emailOptIn: false,
        phoneOptIn: true,
        passwordHash: null,
      });
    });

    it('books for the client another request registered with the same email a moment ago', async () => {
      const user = await registerClient(
        db,
        group,
        { kind: 'new', register: guest('known@example.com') },
        now,
      );
      expect(user.id).toBe(client.id);
      expect(user.givenName).toBeNull();
    });

    it('leaves a known client as they are', async () => {
      expect(await registerClient(db, group, { kind: 'existing', user: client }, now)).toBe(client);
    });
  });
});
