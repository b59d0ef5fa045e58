import { describe, expect, it } from 'vitest';

import { timeZoneChoices, timeZones } from './member-settings';

describe('the time-zone picker’s choices', () => {
  const winter = new Date('2027-01-15T12:00:00Z');
  const summer = new Date('2027-07-15T12:00:00Z');

  it('offers every zone once, labelled with its offset at that moment, its name in the reader’s language and its city', () => {
    const choices = timeZoneChoices('de', winter);
    expect(choices.map((c) => c.id).sort()).toEqual([...timeZones()].sort());
    const berlin = choices.find((c) => c.id === 'Europe/Berlin')!;
    expect(berlin.label).toBe('UTC+01:00 · Mitteleuropäische Zeit · Berlin');
    expect(timeZoneChoices('en-GB', summer).find((c) => c.id === 'Europe/Berlin')!.label).toBe(
      'UTC+02:00 · Central European Time · Berlin',
    );
    expect(choices.find((c) => c.id === 'America/Sao_Paulo')!.label).toMatch(/^UTC-03:00 · .+ · Sao Paulo$/);
    expect(choices.find((c) => c.id === 'UTC')!.label).toBe('UTC');
  });

  it('orders them west to east, so neighbours in the list are neighbours in time', () => {
    const choices = timeZoneChoices('en-GB', winter);
    const offsets = choices
      .map((c) => /^UTC([+-]\d{2}):(\d{2})/.exec(c.label))
      .map((m) =>
        m ? Math.sign(Number(m[1])) * (Math.abs(Number(m[1])) * 60 + Number(m[2])) || Number(m[1]) * 60 : 0,
      );
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(choices[0]!.label.startsWith('UTC-1')).toBe(true);
    expect(choices.at(-1)!.label).toMatch(/^UTC\+14:00/);
  });
});
