import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { staffUsers } from '../db/schema';
import { noticeTimeZone, saveLanguageAndZone } from './language-and-zone';
import { membersDb } from './members.fixture';

const { db: openedDb, member } = membersDb();

const stored = async (id: string) => {
  const [row] = await openedDb()
    .select({ language: staffUsers.language, timeZone: staffUsers.timeZone })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row;
};

describe('a member’s language and time zone', () => {
  it('start unset; the browser’s zone at sign-in is kept until the member chooses one', async () => {
    const m = await member('zone.a@example.test');
    expect(await stored(m.id)).toEqual({ language: null, timeZone: null });
    expect(await noticeTimeZone(openedDb(), m.id, 'Pacific/Kiritimati')).toBe(true);
    expect(await stored(m.id)).toEqual({ language: null, timeZone: 'Pacific/Kiritimati' });
    // A later sign-in from a browser elsewhere does not move it.
    expect(await noticeTimeZone(openedDb(), m.id, 'America/Los_Angeles')).toBe(false);
    expect((await stored(m.id))?.timeZone).toBe('Pacific/Kiritimati');
  });

  it('a zone the runtime does not know is never stored', async () => {
    const m = await member('zone.b@example.test');
    expect(await noticeTimeZone(openedDb(), m.id, 'Mars/Olympus')).toBe(false);
    expect(await noticeTimeZone(openedDb(), m.id, undefined)).toBe(false);
    expect((await stored(m.id))?.timeZone).toBeNull();
    await expect(saveLanguageAndZone(openedDb(), m.id, { language: 'de', timeZone: 'Mars/Olympus' })).rejects.toThrow(
      /time zone/,
    );
    expect(await stored(m.id)).toEqual({ language: null, timeZone: null });
  });

  it('the choice in account settings is kept, per member, and replaces the noticed zone', async () => {
    const [a, b] = [await member('zone.c@example.test'), await member('zone.d@example.test')];
    await noticeTimeZone(openedDb(), a.id, 'Europe/Berlin');
    await saveLanguageAndZone(openedDb(), a.id, { language: 'ja', timeZone: 'Asia/Tokyo' });
    expect(await stored(a.id)).toEqual({ language: 'ja', timeZone: 'Asia/Tokyo' });
    await saveLanguageAndZone(openedDb(), a.id, { language: null, timeZone: 'UTC' });
    expect(await stored(a.id)).toEqual({ language: null, timeZone: 'UTC' });
    expect(await stored(b.id)).toEqual({ language: null, timeZone: null });
  });
});
