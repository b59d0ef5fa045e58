import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { STAFF_ROLES } from '../../auth/roles';
import type { NotificationData } from '../../notifications/items';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** set when an admin issued a one-time password: the next sign-in must choose a new one */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** until when that one-time password signs in (ONE_TIME_PASSWORD_HOURS after it was issued); null for a chosen one */
    oneTimePasswordExpiresAt: timestamp('one_time_password_expires_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    /** bumped by a password change or reset, a role change, disabling and "sign out everywhere": every older session ends */
    sessionVersion: integer('session_version').notNull().default(1),
    /** the TOTP secret of the member's second factor, encrypted (second-factor.ts); null without one */
    totpSecret: text('totp_secret'),
    /** a secret shown for enrolment, encrypted, until its first code is checked */
    totpPendingSecret: text('totp_pending_secret'),
    /** the TOTP time step of the last code accepted: a code is accepted once */
    totpLastStep: integer('totp_last_step'),
    /** a replacement of the second factor: the session that proved the password and a current code, and when (second-factor.ts) */
    totpPendingSession: uuid('totp_pending_session'),
    totpPendingAt: timestamp('totp_pending_at', { withTimezone: true }),
    /** wrong second-factor codes given in a row with the right password, each counted before it is checked (second-factor-guard.ts) */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    /** until when the account's codes are refused unchecked (the run's delay; 9999 after 100: until an admin resets it) */
    secondFactorLockedUntil: timestamp('second_factor_locked_until', { withTimezone: true }),
    secondFactorLastFailureAt: timestamp('second_factor_last_failure_at', { withTimezone: true }),
    /** wrong codes given before the member's last sign-in, told to them on the account page */
    secondFactorNotice: integer('second_factor_notice').notNull().default(0),
    /** signs in through company sign-in (OIDC) only: a password sign-in is refused, and the stored hash is of a password nobody was given */
    ssoOnly: boolean('sso_only').notNull().default(false),
    /** the identity provider's issuer and subject (`iss`, `sub`) this member is bound to from their first company sign-in */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    /** the console's language the member chose (a UI locale); null: their browser's Accept-Language */
    language: text('language'),
    /** the IANA zone the member's own timestamps are shown in; null until their browser names one at sign-in */
    timeZone: text('time_zone'),
    /** when the member's daily digest of notifications goes out, HH:MM in their zone; null: DEFAULT_DIGEST_TIME */
    digestTime: text('digest_time'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One member per identity at the provider.
  (t) => [uniqueIndex('staff_users_sso_identity').on(t.ssoIssuer, t.ssoSubject)],
);
export type StaffUser = typeof staffUsers.$inferSelect;

/** A member's single-use recovery codes for the second factor, stored as SHA-256 hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/** How a member likes the console's lists: rows per page and density, the same on every list and device. */
export const staffPreferences = pgTable('staff_preferences', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  pageSize: integer('page_size').notNull().default(25),
  density: text('density', { enum: ['comfortable', 'compact'] })
    .notNull()
    .default('comfortable'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A search a member named (its filters and sort, as the address carries them, and the columns it
 * hides), theirs alone unless an admin shared it with the whole team.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** the list it is a view of */
    list: text('list', { enum: ['reservations'] }).notNull(),
    name: text('name').notNull(),
    /** the canonical filters and sort (`status=confirmed&sort=-date`) */
    query: text('query').notNull(),
    hiddenColumns: jsonb('hidden_columns').$type<string[]>().notNull().default([]),
    /** rows per page the view opens with; null: the member's own */
    pageSize: integer('page_size'),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_owner_name').on(t.ownerId, t.list, t.name)],
);
export type SavedView = typeof savedViews.$inferSelect;

/** Dashboard-wide settings an admin chooses (the second-factor policy), one row a key. */
export const dashboardSettings = pgTable('dashboard_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per sign-in. The session cookie carries only this row's id: signing out revokes the
 * row, and a session is valid only while its version equals the account's and before
 * `expires_at`, fixed at sign-in (re-issuing the cookie cannot extend it).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    sessionVersion: integer('session_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** the browser's User-Agent at sign-in, as sent (shown on the account page, never trusted) */
    userAgent: text('user_agent'),
    /** the sign-in's client address, as the dashboard's server determined it */
    clientAddress: text('client_address'),
    /** when a request last used it, noted at most every SESSION_SEEN_EVERY_MS */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in attempts counted per key (a client address, an e-mail from one address, an e-mail from
 * any unknown device, a known device) in a
 * window: one row per key, counted with one atomic upsert before any password is checked.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** the last attempt counted (the account-wide limit's progressive delays) */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStartedAt)],
);

/** One row per mutating staff action: who did what to which resource, before, after, result. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** to the millisecond: what a page's cursor (a JavaScript date) carries */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id'),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    result: text('result', { enum: ['ok', 'refused', 'failed'] }).notNull(),
    message: text('message'),
    /** the message before it was put in words (lib/i18n/said.ts storableSaid), for each reader's language */
    said: jsonb('said'),
    /** attempts folded into this row (refused sign-ins: lib/server/audit) */
    repeats: integer('repeats').notNull().default(1),
    /** the last folded attempt's time; null for a row of one */
    lastAt: timestamp('last_at', { withTimezone: true, precision: 3 }),
    /** what folds repeats into this row; null for a row that takes none */
    foldKey: text('fold_key'),
    /** the records the row is about besides resourceId (a grid's apply: its commitments), for their history */
    recordIds: text('record_ids').array(),
  },
  (t) => [
    index('audit_log_page_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_action_page_idx').on(t.action, t.at.desc(), t.id.desc()),
    index('audit_log_member_page_idx').on(t.staffEmail, t.at.desc(), t.id.desc()),
    index('audit_log_staff_idx').on(t.staffId),
    // who booked or last changed a reservation in the console (lib/server/notifications)
    index('audit_log_resource_idx')
      .on(t.resourceId, t.at)
      .where(sql`${t.resourceId} is not null`),
    uniqueIndex('audit_log_fold_key').on(t.foldKey),
    index('audit_log_record_ids_idx')
      .using('gin', t.recordIds)
      .where(sql`${t.recordIds} is not null`),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Who is looking at a page now (a reservation's page, the grid), and whether they are editing:
 * one row per member and place, refreshed by each open page's heartbeat, counted while younger
 * than 60 s.
 */
export const presence = pgTable(
  'presence',
  {
    staffId: uuid('staff_id').notNull(),
    /** `allocations`, or `reservation:<id>` */
    place: text('place').notNull(),
    staffName: text('staff_name').notNull(),
    editing: boolean('editing').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.place] }), index('presence_place_idx').on(t.place, t.seenAt)],
);

/**
 * The API request budget shared by every process of the dashboard: one row per API request sent
 * in the last 60 s, per client id, with its lane and the member it was sent for. Each process
 * takes a transaction-scoped advisory lock per client id, reads the window, lets the policy
 * (lib/server/budget/policy.ts) decide and inserts the request when granted, in one transaction
 * (lib/server/budget/postgres-store.ts). The database holds no policy (migration 0019).
 */
export const apiBudgetRequests = pgTable(
  'api_budget_requests',
  {
    clientId: text('client_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** 'write' | 'view' | 'background' (RequestLane) */
    lane: text('lane').notNull().default('view'),
    /** the staff id the request was sent for; null for the server's own requests */
    member: text('member'),
  },
  (t) => [index('api_budget_requests_idx').on(t.clientId, t.sentAt)],
);

/** A wait every process respects before its next API request: a 429's Retry-After, a spent window. */
export const apiBudgetBlocks = pgTable('api_budget_blocks', {
  clientId: text('client_id').primaryKey(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
});

/**
 * The dashboard processes running on this database, each refreshed every 20 s while it runs:
 * a new process compares its settings' fingerprints (keyed hashes, never the settings) with
 * those of the others before it listens.
 */
export const dashboardProcesses = pgTable('dashboard_processes', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  authFingerprint: text('auth_fingerprint').notNull(),
  actionsKeyFingerprint: text('actions_key_fingerprint').notNull(),
  buildId: text('build_id').notNull(),
});

/**
 * The CSV export each staff member has running (at most one), leased so that an export whose
 * process died frees its member after `expires_at`. In the database so that the rule holds across
 * every server process.
 */
export const exportRuns = pgTable('export_runs', {
  staffId: uuid('staff_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The notification inbox (lib/server/notifications, migration 0030): one row per item raised for
 * a member from the change feed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** the recipient */
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** `reservation.canceled_outside`, `reservation.changed_outside` */
    kind: text('kind').notNull(),
    /** why the member gets it: `booked_by_you`, `changed_by_you` (later `watching`, `admin`, `mentioned`) */
    reason: text('reason').notNull(),
    entityId: text('entity_id'),
    /** the thing it is about: a reservation's id */
    subjectId: text('subject_id').notNull(),
    /** what the item shows: the guest's name, the date and time, the party, old → new */
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** the change feed's row it was raised from */
    changeId: bigint('change_id', { mode: 'number' }).notNull(),
    /** how it was delivered, as the member chose when it was raised: `console`, `email` (at once) or `digest` */
    channel: text('channel').notNull().default('console'),
    /** the mail that carried it (schema-mail.ts), once one did */
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    // Raised once, however many processes read the same change.
    uniqueIndex('notifications_raised_once').on(t.staffId, t.changeId, t.kind),
    index('notifications_inbox_idx').on(t.staffId, t.createdAt),
    index('notifications_created_at_idx').on(t.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A member's choice per notification kind (lib/server/notifications/preferences.ts): `console` or
 * `off` (text: later channels need no migration). `updated_by` is who saved it.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.kind] })],
);

/** An admin's default per role and kind, for the kinds a member has not chosen for. */
export const notificationRoleDefaults = pgTable(
  'notification_role_defaults',
  {
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.role, t.kind] })],
);

export * from './schema-changes';
export * from './schema-copies';
export * from './schema-guests';
export * from './schema-jobs';
export * from './schema-mail';
