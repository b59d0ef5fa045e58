/**
 * The send record of notifications by e-mail (plain Node, no server-only: the tests run it with a
 * database of their own). A mail is recorded once: at once for one item, in the raiser's own
 * transaction (`recordAtOnceMails`), or a member's digest of a day once its moment has passed
 * (`recordDueDigests`); each under a unique key, so however many processes try, one row lands.
 * It is sent once: a sender claims it (`for update skip locked`: no two claim the same row), sends
 * it and records the outcome. A failure the mail server reports is tried again with backoff, up
 * to MAIL_MAX_ATTEMPTS; a claim whose process stopped mid-send is never tried again (the mail may
 * have gone), it is marked failed, cut off.
 */
import { and, asc, eq, inArray, isNull, lt, min, sql } from 'drizzle-orm';

import { lastDigestMoment } from '../../notifications/digest';
import type { DashboardDb } from '../db/open';
import { notificationMails, notifications, staffUsers, type NotificationMailRow } from '../db/schema';

type Tx = Parameters<Parameters<DashboardDb['transaction']>[0]>[0];

/** How many times a mail is tried before it is given up. */
export const MAIL_MAX_ATTEMPTS = 6;
/** How long a sender holds its claim on a mail: an SMTP exchange ends well within it. */
export const MAIL_CLAIM_MS = 120_000;
/** The wait before the next try after `attempts` tries: 30 s, 1, 2, 4, 8 min… at most an hour. */
export const mailBackoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Records the mail of each item just raised for a member who chose "by e-mail at once" (within the raise's transaction). */
export async function recordAtOnceMails(tx: Tx, items: readonly { id: string; staffId: string }[]): Promise<void> {
  if (!items.length) return;
  const mails = await tx
    .insert(notificationMails)
    .values(items.map((i) => ({ staffId: i.staffId, key: `item:${i.id}`, kind: 'at_once' })))
    .onConflictDoNothing()
    .returning({ id: notificationMails.id, key: notificationMails.key });
  for (const mail of mails)
    await tx
      .update(notifications)
      .set({ mailId: mail.id })
      .where(eq(notifications.id, mail.key.slice('item:'.length)));
}

/**
 * Records the digests due at `now`: for each member with digest items not mailed, not done, and
 * raised before their latest digest moment (lastDigestMoment), one mail keyed by that moment's
 * local date, which takes those items. A day's digest is recorded once: an item raised before
 * the moment but committed after the day's digest was recorded waits for the next day's.
 */
export async function recordDueDigests(db: DashboardDb, now: Date): Promise<number> {
  const waiting = await db
    .select({
      staffId: notifications.staffId,
      zone: staffUsers.timeZone,
      time: staffUsers.digestTime,
      first: min(notifications.createdAt),
    })
    .from(notifications)
    .innerJoin(staffUsers, eq(staffUsers.id, notifications.staffId))
    .where(
      and(
        eq(notifications.channel, 'digest'),
        isNull(notifications.mailId),
        isNull(notifications.doneAt),
        eq(staffUsers.disabled, false),
      ),
    )
    .groupBy(notifications.staffId, staffUsers.timeZone, staffUsers.digestTime);
  let recorded = 0;
  for (const member of waiting) {
    const { date, at } = lastDigestMoment(now, member.zone, member.time);
    if (!member.first || new Date(member.first).getTime() >= at.getTime()) continue;
    await db.transaction(async (tx) => {
      const [mail] = await tx
        .insert(notificationMails)
        .values({
          staffId: member.staffId,
          key: `digest:${member.staffId}:${date}`,
          kind: 'digest',
          nextAttemptAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: notificationMails.id });
      if (!mail) return;
      await tx
        .update(notifications)
        .set({ mailId: mail.id })
        .where(
          and(
            eq(notifications.staffId, member.staffId),
            eq(notifications.channel, 'digest'),
            isNull(notifications.mailId),
            isNull(notifications.doneAt),
            lt(notifications.createdAt, at),
          ),
        );
      recorded++;
    });
  }
  return recorded;
}

/** Claims the next mail due at `now`, or null; first gives up the claims of senders that stopped mid-send. */
export async function claimNextMail(db: DashboardDb, now: Date): Promise<NotificationMailRow | null> {
  await db
    .update(notificationMails)
    .set({ state: 'failed', claimedUntil: null, lastError: 'cut off while sending: not sent again' })
    .where(and(eq(notificationMails.state, 'sending'), lt(notificationMails.claimedUntil, now)));
  const due = sql`(select ${notificationMails.id} from ${notificationMails}
    where ${notificationMails.state} = 'pending' and ${notificationMails.nextAttemptAt} <= ${now}
    order by ${notificationMails.nextAttemptAt} limit 1 for update skip locked)`;
  const [claimed] = await db
    .update(notificationMails)
    .set({
      state: 'sending',
      attempts: sql`${notificationMails.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + MAIL_CLAIM_MS),
    })
    .where(eq(notificationMails.id, due))
    .returning();
  return claimed ?? null;
}

/** Records a claimed mail's outcome: sent, or (an error) tried again later or given up. */
export async function finishMail(
  db: DashboardDb,
  mail: Pick<NotificationMailRow, 'id' | 'attempts'>,
  outcome: { sent: true } | { sent: false; error: string } | { skipped: true },
  now: Date,
): Promise<void> {
  const set =
    'skipped' in outcome
      ? { state: 'skipped', claimedUntil: null }
      : outcome.sent
        ? { state: 'sent', sentAt: now, claimedUntil: null, lastError: null }
        : {
            state: mail.attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + mailBackoffMs(mail.attempts)),
            claimedUntil: null,
            lastError: outcome.error.slice(0, 500),
          };
  await db
    .update(notificationMails)
    .set(set)
    .where(and(eq(notificationMails.id, mail.id), eq(notificationMails.state, 'sending')));
}

/**
 * Sends what is due, one mail after another, until none is (or `limit`): `send` composes and
 * hands a mail to the mail server (false: nothing to send, its member disabled or its items
 * gone), and throws what the server refused.
 */
export async function sendDueMails(
  db: DashboardDb,
  send: (mail: NotificationMailRow) => Promise<boolean>,
  clock: () => Date = () => new Date(),
  limit = 100,
): Promise<{ sent: number; failed: number; skipped: number }> {
  const tally = { sent: 0, failed: 0, skipped: 0 };
  for (let i = 0; i < limit; i++) {
    const mail = await claimNextMail(db, clock());
    if (!mail) break;
    try {
      const sent = await send(mail);
      await finishMail(db, mail, sent ? { sent: true } : { skipped: true }, clock());
      tally[sent ? 'sent' : 'skipped']++;
    } catch (e) {
      await finishMail(db, mail, { sent: false, error: e instanceof Error ? e.message : String(e) }, clock());
      tally.failed++;
    }
  }
  return tally;
}

/** The items a mail carries, oldest first. */
export async function itemsOfMail(db: Pick<DashboardDb, 'select'>, mailId: string) {
  return db.select().from(notifications).where(eq(notifications.mailId, mailId)).orderBy(asc(notifications.createdAt));
}

/** Mails of these members, newest first (the tests' and the account page's view). */
export async function mailsOf(db: Pick<DashboardDb, 'select'>, staffIds: readonly string[]) {
  if (!staffIds.length) return [];
  return db
    .select()
    .from(notificationMails)
    .where(inArray(notificationMails.staffId, staffIds))
    .orderBy(asc(notificationMails.createdAt));
}
