import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import de from '../../../messages/de.json';
import { createStaff } from '../auth/staff-store';
import { changesAfter, lastChangeId, recordChange } from '../changes/record';
import type { OpenedDb } from '../db/open';
import { postgresDashboardProcesses } from '../db/postgres-db.fixture';
import { auditLog, notificationMails, notifications, reservationsCopy, staffUsers } from '../db/schema';
import { composeMail } from './mail-compose';
import { MAIL_MAX_ATTEMPTS, recordDueDigests, sendDueMails } from './mail-outbox';
import { saveMemberChoices } from './preferences';
import { raiseFromChanges } from './raise';

/*
 * Notifications by e-mail on PostgreSQL, with two dashboard processes (two pools) doing the same
 * work at the same moment: a mail is recorded once and sent once, however they race.
 */
const processes = postgresDashboardProcesses(2);
const both = () => processes() as [OpenedDb['db'], OpenedDb['db']];

let serial = 0;
async function bookerWho(channel: 'email' | 'digest' | 'console', settings: Partial<typeof staffUsers.$inferInsert>) {
  const [one] = both();
  const n = ++serial;
  const member = await createStaff(one, {
    email: `mail.${n}@example.test`,
    name: `Mail Member ${n}`,
    role: 'operator',
    password: 'a long enough password',
  });
  await one.update(staffUsers).set(settings).where(eq(staffUsers.id, member.id));
  await saveMemberChoices(one, member.id, [{ kind: 'reservation.canceled_outside', channel }], member.id);
  return member;
}

/** A reservation `member` booked in the console, canceled outside it; the events the feed hands over. */
async function canceledOutside(member: { id: string; email: string }, reservation: string) {
  const [one] = both();
  await one.insert(auditLog).values({
    staffId: member.id,
    staffEmail: member.email,
    action: 'create-reservation',
    resourceType: 'reservation',
    resourceId: reservation,
    result: 'ok',
  });
  const r = { id: reservation, date: '2026-12-04', time: '19:30', party_size: 4, status: 'canceled' };
  await one.insert(reservationsCopy).values({
    context: 'entity-1',
    id: reservation,
    date: r.date,
    time: r.time,
    status: r.status,
    partySize: r.party_size,
    reservation: { ...r, guest: { first_name: 'Anna', last_name: 'Weber' } },
    syncedAt: new Date(),
  });
  const from = await lastChangeId(one);
  await one.transaction((tx) =>
    recordChange(tx, { kind: 'reservation.canceled', entityId: 'entity-1', ids: { reservation }, who: null }),
  );
  return changesAfter(one, from);
}

/** A mail server that takes a while over each mail, as a real one does, and keeps what it was given. */
function slowServer() {
  const sent: { key: string; subject: string; to: string; text: string }[] = [];
  return {
    sent,
    send: (db: OpenedDb['db']) => async (mail: typeof notificationMails.$inferSelect) => {
      const composed = await composeMail(db, mail, 'https://dashboard.example.test');
      if (!composed) return false;
      await new Promise((r) => setTimeout(r, 50));
      sent.push({ key: mail.key, subject: composed.subject, to: composed.to, text: composed.text });
      return true;
    },
  };
}

describe('notifications by e-mail, two processes at once', () => {
  it('“at once”: the item raised by both processes is recorded once and mailed once by two senders racing', async () => {
    const [one, two] = both();
    const member = await bookerWho('email', { language: 'en', timeZone: 'Europe/London' });
    const events = await canceledOutside(member, 'mail-res-1');
    await Promise.all([raiseFromChanges(one, events), raiseFromChanges(two, events)]);
    const [item] = await one.select().from(notifications).where(eq(notifications.staffId, member.id));
    expect(item).toMatchObject({ channel: 'email' });
    const mails = await one.select().from(notificationMails).where(eq(notificationMails.staffId, member.id));
    expect(mails.map((m) => [m.key, m.kind, m.state])).toEqual([[`item:${item!.id}`, 'at_once', 'pending']]);

    const server = slowServer();
    const tallies = await Promise.all([sendDueMails(one, server.send(one)), sendDueMails(two, server.send(two))]);
    expect(tallies.reduce((n, t) => n + t.sent, 0)).toBe(1);
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]).toMatchObject({
      to: member.email,
      subject: 'Anna Weber’s reservation for 4 guests on Fri, 4 Dec 2026 at 19:30 was canceled outside the console',
    });
    expect(server.sent[0]!.text).toContain('https://dashboard.example.test/reservations/mail-res-1');
    // Sent: a third round, from either process, sends nothing.
    expect(await sendDueMails(two, server.send(two))).toEqual({ sent: 0, failed: 0, skipped: 0 });
    const [after] = await one.select().from(notificationMails).where(eq(notificationMails.staffId, member.id));
    expect(after).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a German member’s digest goes out once at their 08:00 in Berlin, in German, with what was raised before it', async () => {
    const [one, two] = both();
    const member = await bookerWho('digest', { language: 'de', timeZone: 'Europe/Berlin', digestTime: '08:00' });
    await raiseFromChanges(one, await canceledOutside(member, 'mail-res-2'));
    await raiseFromChanges(one, await canceledOutside(member, 'mail-res-3'));
    // Raised on the evening of 30 November, Berlin time (UTC+1).
    await one
      .update(notifications)
      .set({ createdAt: new Date('2026-11-30T19:00:00Z') })
      .where(eq(notifications.staffId, member.id));
    // Nothing is mailed at once for a digest.
    expect(await one.select().from(notificationMails).where(eq(notificationMails.staffId, member.id))).toEqual([]);

    // 07:59 in Berlin: the day's moment has not come.
    expect(await recordDueDigests(one, new Date('2026-12-01T06:59:00Z'))).toBe(0);
    // 08:01: both processes look at once; one digest is recorded, holding both items.
    const at = new Date('2026-12-01T07:01:00Z');
    const recorded = await Promise.all([recordDueDigests(one, at), recordDueDigests(two, at)]);
    expect(recorded[0] + recorded[1]).toBe(1);
    const [digest, ...more] = await one
      .select()
      .from(notificationMails)
      .where(eq(notificationMails.staffId, member.id));
    expect(more).toEqual([]);
    expect(digest).toMatchObject({ key: `digest:${member.id}:2026-12-01`, kind: 'digest' });

    const server = slowServer();
    await Promise.all([sendDueMails(one, server.send(one), () => at), sendDueMails(two, server.send(two), () => at)]);
    expect(server.sent).toHaveLength(1);
    const mail = server.sent[0]!;
    expect(mail.subject).toBe('Ihre tägliche Übersicht: 2 Benachrichtigungen');
    expect(mail.text).toContain(de.notificationMail.digestIntro.replace('{name}', 'Mail Member 2'));
    expect(mail.text).toContain('Die Reservierung von Anna Weber für 4 Gäste');
    expect(mail.text).toContain(`${de.inbox.reason.booked_by_you}`);

    // One raised at 09:00 waits for the next morning's digest, never joins a second one that day.
    await raiseFromChanges(one, await canceledOutside(member, 'mail-res-4'));
    await one
      .update(notifications)
      .set({ createdAt: new Date('2026-12-01T08:00:00Z') })
      .where(eq(notifications.subjectId, 'mail-res-4'));
    expect(await recordDueDigests(one, new Date('2026-12-01T20:00:00Z'))).toBe(0);
    expect(await recordDueDigests(two, new Date('2026-12-02T07:00:00Z'))).toBe(1);
  });

  it('a refusal by the mail server is tried again with backoff, then given up; a send cut off is never repeated', async () => {
    const [one] = both();
    // The other tests' mails are out of the way: only this one is due.
    await one.delete(notificationMails);
    const member = await bookerWho('email', { language: 'en' });
    await raiseFromChanges(one, await canceledOutside(member, 'mail-res-5'));
    let now = new Date(Date.now() + 1_000);
    const clock = () => now;
    const refusing = async () => {
      throw new Error('451 4.3.0 Temporary failure, try later');
    };
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await sendDueMails(one, refusing, clock)).toMatchObject({ failed: 1 });
      // Not due again before its backoff has passed.
      expect(await sendDueMails(one, refusing, clock)).toMatchObject({ failed: 0 });
      now = new Date(now.getTime() + 3_600_000);
    }
    const [given] = await one.select().from(notificationMails).where(eq(notificationMails.staffId, member.id));
    expect(given).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(given!.lastError).toContain('451');

    // A sender that stopped mid-send (its claim ran out): the mail may have gone, it is not sent again.
    const other = await bookerWho('email', { language: 'en' });
    await raiseFromChanges(one, await canceledOutside(other, 'mail-res-6'));
    const hanging = sendDueMails(one, () => new Promise<boolean>(() => undefined), clock);
    void hanging;
    await new Promise((r) => setTimeout(r, 200));
    now = new Date(now.getTime() + 10 * 60_000);
    const server = slowServer();
    expect(await sendDueMails(one, server.send(one), clock)).toMatchObject({ sent: 0 });
    const [cut] = await one.select().from(notificationMails).where(eq(notificationMails.staffId, other.id));
    expect(cut).toMatchObject({ state: 'failed', lastError: 'cut off while sending: not sent again' });
  });
});
