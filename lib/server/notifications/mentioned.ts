/**
 * A teammate mentioned in the team's note on a guest (plain Node, no server-only: the tests run it
 * with a database of their own): each mention the saved note added (`guest.changed`'s
 * `data.mentions`, lib/guests/mentions.ts) tells the enabled members it names, but the member who
 * wrote it, with the start of the note and a link to the reservation it was written on, naming
 * its guest as the note's writer saw them (else as the copy holds them, else by e-mail).
 */
import { eq } from 'drizzle-orm';

import { idOf, type ChangeEvent } from '../../changes/events';
import { mentionNames } from '../../guests/mentions';
import type { DashboardDb } from '../db/open';
import { guestProfiles, staffUsers } from '../db/schema';
import { copiedReservation, guestName } from './large-party';
import type { Wanted } from './wanted';

/** How much of the note an item shows. */
const EXCERPT = 120;

const excerptOf = (note: string) => {
  const flat = note.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

export async function aboutMention(db: Pick<DashboardDb, 'select'>, event: ChangeEvent): Promise<Wanted[]> {
  const email = idOf(event, 'guest');
  const mentions = Array.isArray(event.data.mentions) ? event.data.mentions.filter((m) => typeof m === 'string') : [];
  if (event.kind !== 'guest.changed' || !event.who || !email || !mentions.length) return [];
  const members = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.disabled, false));
  const named = members.filter((m) => m.id !== event.who!.id && mentions.some((x) => mentionNames(x, m)));
  if (!named.length) return [];
  const [profile] = await db
    .select({ note: guestProfiles.note })
    .from(guestProfiles)
    .where(eq(guestProfiles.email, email));
  const reservation = typeof event.data.reservation === 'string' ? event.data.reservation : null;
  const said = typeof event.data.guestName === 'string' ? event.data.guestName : null;
  const copied = reservation && !said ? await copiedReservation(db, reservation) : null;
  return [
    {
      kind: 'guest.mentioned',
      subjectId: reservation ?? email,
      data: {
        by: event.who.name,
        guest: said ?? (copied && guestName(copied)) ?? email,
        excerpt: excerptOf(profile?.note ?? ''),
      },
      recipients: named.map((m) => ({ staffId: m.id, reason: 'mentioned' as const })),
    },
  ];
}
