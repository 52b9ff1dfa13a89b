// Drizzle's view of the identity tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../kernel/database/columns';
import { marketplaceGroups } from '../kernel/tables';

export const sexesAssignedAtBirth = ['male', 'female', 'unknown'] as const;
export const thirdPartyProviders = ['google', 'apple'] as const;
export const userTokenPurposes = ['reset_password', 'confirm_email', 'confirm_phone'] as const;

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mgId: integer('mg_id')
      .notNull()
      .references(() => marketplaceGroups.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    phoneConfirmedAt: timestamptz('phone_confirmed_at'),
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    phoneOptIn: boolean('phone_opt_in').notNull().default(false),
    givenName: text('given_name'),
    familyName: text('family_name'),
    dob: date('dob', { mode: 'string' }),
    phone: text('phone'),
    address: text('address'),
    sexAssignedAtBirth: text('sex_assigned_at_birth', { enum: sexesAssignedAtBirth }),
    tzid: text('tzid'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('users_id_mg_key').on(t.id, t.mgId),
    uniqueIndex('users_mg_id_email_key').on(t.mgId, sql`lower(${t.email})`),
    check(
      'users_email_format',
      sql`${t.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$' and length(${t.email}) <= 254`,
    ),
    check('users_password_hash_argon2id', sql`${t.passwordHash} like '$argon2id$%'`),
    check('users_phone_e164', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('users_sex_assigned_at_birth_known', sql`${t.sexAssignedAtBirth} in ('male', 'female', 'unknown')`),
    check('users_phone_confirmed_has_phone', sql`${t.phoneConfirmedAt} is null or ${t.phone} is not null`),
  ],
);

export const externalIdentities = pgTable(
  'external_identities',
  {
    mgId: integer('mg_id').notNull(),
    provider: text('provider', { enum: thirdPartyProviders }).notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull(),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mgId, t.provider, t.subject] }),
    foreignKey({
      name: 'external_identities_user_same_group',
      columns: [t.userId, t.mgId],
      foreignColumns: [users.id, users.mgId],
    }).onDelete('cascade'),
    index('external_identities_user_id_idx').on(t.userId),
    check('external_identities_provider_known', sql`${t.provider} in ('google', 'apple')`),
    check('external_identities_subject_not_blank', sql`btrim(${t.subject}) <> ''`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').notNull(),
    mgId: integer('mg_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    unique('sessions_token_hash_key').on(t.tokenHash),
    foreignKey({
      name: 'sessions_user_same_group',
      columns: [t.userId, t.mgId],
      foreignColumns: [users.id, users.mgId],
    }).onDelete('cascade'),
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const passcodes = pgTable(
  'passcodes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    mgId: integer('mg_id')
      .notNull()
      .references(() => marketplaceGroups.id),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    unique('passcodes_token_hash_key').on(t.tokenHash),
    index('passcodes_mg_id_email_idx').on(t.mgId, sql`lower(${t.email})`),
    check('passcodes_token_hash_sha256', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('passcodes_code_hash_sha256', sql`${t.codeHash} ~ '^[0-9a-f]{64}$'`),
    check('passcodes_attempts_not_negative', sql`${t.attempts} >= 0`),
    check('passcodes_expires_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

export const userTokens = pgTable(
  'user_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentTo: text('sent_to').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    index('user_tokens_secret_hash_idx').on(t.purpose, t.secretHash),
    index('user_tokens_user_id_idx').on(t.userId, t.purpose),
    check(
      'user_tokens_purpose_known',
      sql`${t.purpose} in ('reset_password', 'confirm_email', 'confirm_phone')`,
    ),
    check('user_tokens_secret_hash_sha256', sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
    check('user_tokens_attempts_not_negative', sql`${t.attempts} >= 0`),
    check('user_tokens_expires_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/** A started Google or Apple sign-in (migrations/0010_third_party_sign_ins.sql). */
export const thirdPartySignIns = pgTable(
  'third_party_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    mgId: integer('mg_id')
      .notNull()
      .references(() => marketplaceGroups.id),
    provider: text('provider', { enum: thirdPartyProviders }).notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnPath: text('return_path').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('third_party_sign_ins_expires_at_idx').on(t.expiresAt),
    check('third_party_sign_ins_state_hash_sha256', sql`${t.stateHash} ~ '^[0-9a-f]{64}$'`),
    check('third_party_sign_ins_browser_hash_sha256', sql`${t.browserHash} ~ '^[0-9a-f]{64}$'`),
    check('third_party_sign_ins_provider_known', sql`${t.provider} in ('google', 'apple')`),
    check('third_party_sign_ins_return_path_relative', sql`${t.returnPath} ~ '^/([^/\\\\]|$)'`),
    check('third_party_sign_ins_expires_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
