import { describe, expect, it } from 'vitest';

import { effectiveChannel, SaveNotificationChoicesInput } from '../../notifications/preferences';
import { membersDb } from '../auth/members.fixture';
import { createStaff } from '../auth/staff-store';
import { channelsFor, memberChoices, roleDefaults, saveMemberChoices, saveRoleDefaults } from './preferences';

const { db } = membersDb();
let serial = 0;

async function member(role: 'viewer' | 'operator' | 'admin') {
  const email = `prefs.${role}.${++serial}@example.test`;
  return createStaff(db(), { email, name: `Member ${serial}`, role, password: 'a long enough password' });
}

const CANCELED = 'reservation.canceled_outside' as const;
const CHANGED = 'reservation.changed_outside' as const;

describe('a member’s effective notification choice', () => {
  it('is their own choice over their role’s default over the console', () => {
    expect(effectiveChannel(undefined, undefined)).toBe('console');
    expect(effectiveChannel(null, 'off')).toBe('off');
    expect(effectiveChannel('console', 'off')).toBe('console');
    expect(effectiveChannel('off', 'console')).toBe('off');
    // A channel of a later build (e-mail, a digest) is not this build's: the next one down holds.
    expect(effectiveChannel('email', 'off')).toBe('off');
    expect(effectiveChannel('digest', undefined)).toBe('console');
  });

  it('reads from the database: the member’s own over the role’s default, each member and kind apart', async () => {
    const [viewer, chose, other, admin] = [
      await member('viewer'),
      await member('operator'),
      await member('operator'),
      await member('admin'),
    ];
    const everyone = [viewer, chose, other, admin];
    expect([...(await channelsFor(db(), everyone, CANCELED)).values()]).toEqual([
      'console',
      'console',
      'console',
      'console',
    ]);

    await saveRoleDefaults(db(), 'operator', [{ kind: CANCELED, channel: 'off' }], admin.id);
    await saveMemberChoices(db(), chose.id, [{ kind: CANCELED, channel: 'console' }], chose.id);
    await saveMemberChoices(db(), viewer.id, [{ kind: CHANGED, channel: 'off' }], viewer.id);
    const canceled = await channelsFor(db(), everyone, CANCELED);
    expect(everyone.map((m) => canceled.get(m.id))).toEqual(['console', 'console', 'off', 'console']);
    const changed = await channelsFor(db(), everyone, CHANGED);
    expect(everyone.map((m) => changed.get(m.id))).toEqual(['off', 'console', 'console', 'console']);

    expect(await memberChoices(db(), other)).toEqual([
      { kind: CANCELED, channel: 'off', own: false },
      { kind: CHANGED, channel: 'console', own: false },
    ]);
    expect(await memberChoices(db(), chose)).toEqual([
      { kind: CANCELED, channel: 'console', own: true },
      { kind: CHANGED, channel: 'console', own: false },
    ]);
    expect((await roleDefaults(db())).operator).toEqual([
      { kind: CANCELED, channel: 'off' },
      { kind: CHANGED, channel: 'console' },
    ]);

    // Saved again: replaced, not added.
    await saveMemberChoices(db(), chose.id, [{ kind: CANCELED, channel: 'off' }], chose.id);
    expect((await channelsFor(db(), [chose], CANCELED)).get(chose.id)).toBe('off');
  });

  it('accepts only the console or off, each kind once', () => {
    const ok = { choices: [{ kind: CANCELED, channel: 'off' }] };
    expect(SaveNotificationChoicesInput.safeParse(ok).success).toBe(true);
    const email = SaveNotificationChoicesInput.safeParse({ choices: [{ kind: CANCELED, channel: 'email' }] });
    expect(email.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['choices.0.channel', 'chooseNotificationChannel'],
    ]);
    const twice = SaveNotificationChoicesInput.safeParse({ choices: [ok.choices[0], ok.choices[0]] });
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['notificationKindTwice']);
  });
});
