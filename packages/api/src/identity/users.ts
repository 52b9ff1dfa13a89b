import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { NotFoundError } from '../kernel/errors';
import { marketplaceGroups, marketplaces } from '../kernel/tables';
import { revokeAllSessions } from './sessions';
import { externalIdentities, type sexesAssignedAtBirth, users } from './tables';

export type UserRow = typeof users.$inferSelect;

export interface ProfileView {
  email: string;
  givenName: string | null;
  familyName: string | null;
  /** yyyy-MM-dd */
  dob: string | null;
  /** E.164 */
  phone: string | null;
  address: string | null;
  sexAssignedAtBirth: (typeof sexesAssignedAtBirth)[number] | null;
  tzid: string | null;
}

export interface UserView {
  id: string;
  createdAt: string;
  updatedAt: string;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  emailOptIn: boolean;
  phoneOptIn: boolean;
  /** Whether the user can sign in with a password (the profile offers to set one otherwise). */
  hasPassword: boolean;
  profile: ProfileView;
}

/** What every sign-in answers: the user, and the two things the sign-in dialog looks at. */
export interface AuthenticateResult {
  user: UserView;
  emailConfirmed: boolean;
  profile: ProfileView;
}

/** Profile fields a user may give (all optional; validated by the resolvers). */
export interface ProfileFields {
  givenName?: string | null;
  familyName?: string | null;
  dob?: string | null;
  phone?: string | null;
  address?: string | null;
  sexAssignedAtBirth?: (typeof sexesAssignedAtBirth)[number] | null;
  tzid?: string | null;
  emailOptIn?: boolean | null;
  phoneOptIn?: boolean | null;
}

export interface Tenant {
  mgId: number;
  /** The marketplace asked about, or null when only the group is known. Emailed links carry it. */
  marketplaceId: number | null;
  /** The marketplace's name, or the group's when only the group is known. Messages carry it. */
  name: string;
}

// Ids are PostgreSQL integers; larger numbers cannot name a row.
const largestId = 2_147_483_647;

/** The group of a marketplace and the marketplace's name. NOT_FOUND for an unknown marketplace. */
export async function tenantOfMarketplace(db: Db, marketplaceId: number): Promise<Tenant> {
  const notFound = new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  if (marketplaceId > largestId) throw notFound;
  const [row] = await db
    .select({ mgId: marketplaces.mgId, marketplaceId: marketplaces.id, name: marketplaces.name })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (!row) throw notFound;
  return row;
}

/** A marketplace group by id, named after itself. NOT_FOUND for an unknown group. */
export async function tenantOfGroup(db: Db, mgId: number): Promise<Tenant> {
  const notFound = new NotFoundError(`Marketplace group ${mgId} was not found.`);
  if (mgId > largestId) throw notFound;
  const [row] = await db
    .select({ mgId: marketplaceGroups.id, name: marketplaceGroups.name })
    .from(marketplaceGroups)
    .where(eq(marketplaceGroups.id, mgId));
  if (!row) throw notFound;
  return { ...row, marketplaceId: null };
}

export async function findUserByEmail(db: Db, mgId: number, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mgId, mgId), sql`lower(${users.email}) = lower(${email})`));
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Creates a user, or returns null when the email is already taken in the group (also when another
 * request created it a moment ago: the unique index decides).
 */
export async function insertUser(
  db: Db,
  values: {
    mgId: number;
    email: string;
    passwordHash?: string | null;
    emailConfirmedAt?: Date | null;
    now: Date;
    profile?: ProfileFields;
  },
): Promise<UserRow | null> {
  const { profile = {} } = values;
  const rows = await db
    .insert(users)
    .values({
      mgId: values.mgId,
      email: values.email,
      passwordHash: values.passwordHash ?? null,
      emailConfirmedAt: values.emailConfirmedAt ?? null,
      givenName: profile.givenName ?? null,
      familyName: profile.familyName ?? null,
      dob: profile.dob ?? null,
      phone: profile.phone ?? null,
      address: profile.address ?? null,
      sexAssignedAtBirth: profile.sexAssignedAtBirth ?? null,
      tzid: profile.tzid ?? null,
      emailOptIn: profile.emailOptIn ?? false,
      phoneOptIn: profile.phoneOptIn ?? false,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/**
 * Marks the email as confirmed after its owner proved it (a passcode, a confirm-email link, or an
 * identity provider's verified email). Until then anyone could have registered the address, so when the
 * account was unconfirmed, every credential set and every session opened before the proof is dropped
 * (account pre-hijacking): the password, the Google or Apple accounts linked to it, and the sessions;
 * device cookies from before the proof stop counting (devices.ts). Whoever proved it is signed in after
 * this. An already confirmed account is kept as it is.
 */
export async function confirmUserEmail(db: Db, user: UserRow, now: Date): Promise<UserRow> {
  if (user.emailConfirmedAt) return user;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailConfirmedAt: now, passwordHash: null, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.emailConfirmedAt)))
      .returning();
    // Another proof confirmed it a moment ago: that one already dropped what came before.
    if (!row) return (await findUserById(tx, user.id)) ?? user;
    await tx.delete(externalIdentities).where(eq(externalIdentities.userId, user.id));
    await revokeAllSessions(tx, user.id, now);
    return row;
  });
}

/**
 * Marks the phone number as confirmed, if it is still the user's: after a code texted to it was
 * entered, and for Atrium's own demo accounts. False when the number changed meanwhile.
 */
export async function confirmUserPhone(db: Db, userId: number, phone: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ phoneConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.phone, phone)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Replaces the password hash, only over the one the caller saw (none, or the current one), so of two
 * changes at once the later one fails instead of undoing the first. Null when it changed meanwhile.
 */
export async function replacePasswordHash(
  db: Db,
  user: UserRow,
  passwordHash: string,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(
      and(
        eq(users.id, user.id),
        user.passwordHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, user.passwordHash),
      ),
    )
    .returning();
  return row ?? null;
}

export function toUserView(row: UserRow): UserView {
  return {
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    emailConfirmed: row.emailConfirmedAt !== null,
    phoneConfirmed: row.phoneConfirmedAt !== null,
    emailOptIn: row.emailOptIn,
    phoneOptIn: row.phoneOptIn,
    hasPassword: row.passwordHash !== null,
    profile: {
      email: row.email,
      givenName: row.givenName,
      familyName: row.familyName,
      dob: row.dob,
      phone: row.phone,
      address: row.address,
      sexAssignedAtBirth: row.sexAssignedAtBirth,
      tzid: row.tzid,
    },
  };
}

export function toAuthenticateResult(row: UserRow): AuthenticateResult {
  const user = toUserView(row);
  return { user, emailConfirmed: user.emailConfirmed, profile: user.profile };
}
