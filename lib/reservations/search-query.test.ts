import { describe, expect, it } from 'vitest';

import { translateSaid } from '@/lib/i18n/said';

import { inEnglish, translatorFor } from '../i18n/translator';
import { checkReservationSort, parseReservationSearch } from './search-query';

describe('a reservation search from its address', () => {
  it('names each problem of the filters, then the sort, in English and for a person', async () => {
    const { conditions, problems, problemsSaid } = parseReservationSearch(
      new URLSearchParams('date[gte]=2026-13-45&party_size[in]=x&status=confirmed&sort=venue'),
    );
    expect(conditions).toEqual([{ attribute: 'status', modifier: 'eq', value: 'confirmed' }]);
    expect(problems).toEqual([
      'date: "2026-13-45" is not a date (YYYY-MM-DD)',
      'party_size: "x" is not a whole number',
      'sort: "venue" is not sortable (use date, created_at, party_size, status, guest_last_name, with - for descending)',
    ]);
    expect(problemsSaid.map((s) => translateSaid(inEnglish, s))).toEqual(problems);
    const ja = await translatorFor('ja');
    for (const s of problemsSaid) expect(translateSaid(ja, s)).not.toBe(translateSaid(inEnglish, s));
  });

  it('takes a sort the API accepts, descending too', () => {
    expect(checkReservationSort('-date')).toEqual({ sort: '-date' });
    expect(checkReservationSort('')).toEqual({});
    expect(checkReservationSort('-venue').error?.said).toEqual({
      key: 'reservations.errors.notSortable',
      values: { value: '-venue', allowed: 'date, created_at, party_size, status, guest_last_name' },
    });
  });
});
