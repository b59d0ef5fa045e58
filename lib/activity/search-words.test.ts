import { describe, expect, it } from 'vitest';

import en from '../../messages/en.json';
import { searchWords, type SearchWords } from './search-words';

const VENUE = '11111111-1111-4111-8111-111111111111';
const PROGRAM = '22222222-2222-4222-8222-222222222222';
const UNKNOWN = '33333333-3333-4333-8333-333333333333';

const filters = en.reservations.filters;
const words: SearchWords = {
  attribute: (a) => filters.attribute[a as keyof typeof filters.attribute],
  modifier: (m) => filters.modifier[m as keyof typeof filters.modifier],
  condition: ({ attribute, modifier, value }) => `${attribute} ${modifier} ${value}`,
  separator: en.activity.search.separator,
  listSeparator: en.activity.search.listSeparator,
  everything: en.activity.search.everything,
  status: (s) => en.reservations.status[s as keyof typeof en.reservations.status],
  locale: (code) => (code === 'de-DE' ? 'German (Germany)' : code),
  day: (iso) => `day(${iso})`,
  moment: (iso) => `moment(${iso})`,
  venue: (id) => (id === VENUE ? 'Harbour Room' : null),
  program: (id) => (id === PROGRAM ? 'Dinner' : null),
  otherVenue: en.activity.search.otherVenue,
  otherProgram: en.activity.search.otherProgram,
};

describe('a recorded reservation search, in words', () => {
  it('names each condition by its attribute, modifier and values as staff read them; never an id or an ISO date', () => {
    const text = searchWords(
      `date[gte]=2026-12-01&status[in]=confirmed,no_show&venue_id=${VENUE}&program_id[neq]=${UNKNOWN}&locale=de-DE&sort=-date`,
      words,
    );
    expect(text).toBe(
      'Date is on or after day(2026-12-01); Status is any of confirmed, no-show; Venue is Harbour Room; ' +
        'Program is not a program of another brand or channel; Language is German (Germany)',
    );
  });

  it('says "every reservation" for a search without conditions, and nothing for one that does not parse', () => {
    expect(searchWords('sort=date', words)).toBe('every reservation');
    expect(searchWords('?', words)).toBe('every reservation');
    expect(searchWords('status[in]=nonsense', words)).toBeNull();
    expect(searchWords('date[gte]=2026-13-45', words)).toBeNull();
  });
});
