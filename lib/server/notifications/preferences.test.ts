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
    expect(effectiveChannel('digest', 'off')).toBe('digest');
    expect(effectiveChannel(null, 'email')).toBe('email');
    // A channel of a later build (a weekly digest, say) is not this build's: the next one down holds.
    expect(effectiveChannel('weekly', 'off')).toBe('off');
    expect(effectiveChannel('sms', undefined)).toBe('console');
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

    const otherKinds = [
      { kind: 'reservation.watched', channel: 'console', own: false },
      { kind: 'reservation.large_party_today', channel: 'console', own: false },
      { kind: 'venue.quarter_full', channel: 'console', own: false },
      { kind: 'allocation.apply_stopped', channel: 'console', own: false },
      { kind: 'bulk.ended_part_way', channel: 'console', own: false },
      { kind: 'export.finished', channel: 'console', own: false },
      { kind: 'guest.mentioned', channel: 'console', own: false },
      { kind: 'directory.suspended', channel: 'console', own: false },
      { kind: 'account.role_changed', channel: 'console', own: false },
      { kind: 'account.two_step_required', channel: 'console', own: false },
    ];
    expect(await memberChoices(db(), other)).toEqual([
      { kind: CANCELED, channel: 'off', own: false },
      { kind: CHANGED, channel: 'console', own: false },
      ...otherKinds,
    ]);
    expect(await memberChoices(db(), chose)).toEqual([
      { kind: CANCELED, channel: 'console', own: true },
      { kind: CHANGED, channel: 'console', own: false },
      ...otherKinds,
    ]);
    expect((await roleDefaults(db())).operator).toEqual([
      { kind: CANCELED, channel: 'off' },
      { kind: CHANGED, channel: 'console' },
      ...otherKinds.map(({ kind, channel }) => ({ kind, channel })),
    ]);

    // Saved again: replaced, not added.
    await saveMemberChoices(db(), chose.id, [{ kind: CANCELED, channel: 'off' }], chose.id);
    expect((await channelsFor(db(), [chose], CANCELED)).get(chose.id)).toBe('off');
  });

  it('accepts the four channels, each kind once, and a digest time of day', () => {
    for (const channel of ['console', 'email', 'digest', 'off'])
      expect(
        SaveNotificationChoicesInput.safeParse({ choices: [{ kind: CANCELED, channel }], digestTime: '08:00' }).success,
      ).toBe(true);
    const sms = SaveNotificationChoicesInput.safeParse({
      choices: [{ kind: CANCELED, channel: 'sms' }],
      digestTime: '08:00',
    });
    expect(sms.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['choices.0.channel', 'chooseNotificationChannel'],
    ]);
    const ok = { kind: CANCELED, channel: 'off' };
    const twice = SaveNotificationChoicesInput.safeParse({ choices: [ok, ok], digestTime: '08:00' });
    expect(twice.error?.issues.map((i) => i.message)).toEqual(['notificationKindTwice']);
    for (const digestTime of ['8:00', '08:60', '24:00', '08:00:00', ''])
      expect(
        SaveNotificationChoicesInput.safeParse({ choices: [ok], digestTime }).error?.issues.map((i) => i.message),
        digestTime,
      ).toEqual(['chooseDigestTime']);
  });
});
