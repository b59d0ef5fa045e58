import { describe, expect, it } from 'vitest';

import { translateSaid } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import {
  reductionWarnings,
  seatsInUseByCommitment,
  type CommitmentWindow,
  type ReservationSeats,
  type SeatsInUse,
} from './seats-in-use';

const V = 'venue-1';
const P = 'program-1';
const dinner: CommitmentWindow = {
  id: 'dinner',
  venue_id: V,
  program_id: P,
  days_of_week: [1, 2, 3, 4, 5, 6, 7],
  start_time: '18:00',
  end_time: '22:30',
};
const lunch: CommitmentWindow = {
  id: 'lunch',
  venue_id: V,
  program_id: P,
  days_of_week: [1, 2, 3, 4, 5],
  start_time: '12:00',
  end_time: '15:00',
};
const r = (over: Partial<ReservationSeats>): ReservationSeats => ({
  status: 'confirmed',
  venue_id: V,
  program_id: P,
  date: '2026-12-01',
  time: '19:00',
  party_size: 2,
  ...over,
});

describe('seatsInUseByCommitment', () => {
  it('counts live reservations on the commitment whose venue, program, day and window match, per date, keeping the busiest', () => {
    const use = seatsInUseByCommitment(
      [dinner, lunch],
      [
        r({}),
        r({ party_size: 3, time: '21:00' }),
        r({ date: '2026-12-02', party_size: 4 }),
        r({ time: '12:30', party_size: 6 }),
        r({ status: 'canceled', party_size: 20 }),
        r({ status: 'no_show', party_size: 20 }),
        r({ date: '2026-11-01', party_size: 20 }),
        r({ venue_id: 'elsewhere', party_size: 20 }),
        r({ program_id: null, party_size: 20 }),
        r({ time: '23:00', party_size: 20 }),
      ],
      '2026-11-24',
    );
    expect(use.get('dinner')).toEqual({ seats: 5, date: '2026-12-01', known: true });
    expect(use.get('lunch')).toEqual({ seats: 6, date: '2026-12-01', known: true });
  });

  it('leaves cells unknown when a reservation matches two commitments', () => {
    const overlap: CommitmentWindow = { ...dinner, id: 'late', start_time: '21:00', end_time: '23:30' };
    const use = seatsInUseByCommitment(
      [dinner, overlap],
      [r({ time: '21:30' }), r({ time: '19:00', party_size: 1 })],
      '2026-11-24',
    );
    expect(use.get('dinner')).toEqual({ seats: 1, date: '2026-12-01', known: false });
    expect(use.get('late')).toEqual({ seats: 0, date: null, known: false });
  });

  it('knows nothing of commitments whose rows do not name their window', () => {
    expect(seatsInUseByCommitment([{ id: 'bare' }], [r({})], '2026-11-24').get('bare')).toEqual({
      seats: 0,
      date: null,
      known: true,
    });
  });
});

describe('reductionWarnings', () => {
  const inUse = { seats: 5, date: '2026-12-01', known: true };
  const at = (use: SeatsInUse | undefined) => () => use;
  it('warns when a cell is reduced below the seats booked, and only then', () => {
    const w = reductionWarnings(
      [
        { commitmentId: 'dinner', entityId: 'e', before: 8, after: 4 },
        { commitmentId: 'dinner', entityId: 'e', before: 8, after: 5 },
        { commitmentId: 'dinner', entityId: 'e', before: 2, after: 3 },
      ],
      at(inUse),
    );
    expect(w).toHaveLength(1);
    expect(translateSaid(inEnglish, w[0]!.message)).toBe(
      '4 seats are fewer than the 5 already booked on 2026-12-01: those reservations stay, over the allocation.',
    );
    const [one] = reductionWarnings([{ commitmentId: 'dinner', entityId: 'e', before: 8, after: 1 }], at(inUse));
    expect(translateSaid(inEnglish, one!.message)).toMatch(/^1 seat is fewer than the 5 already booked/);
  });

  it('says when the figure cannot be known, and stays quiet for cells it knows nothing about', () => {
    const w = reductionWarnings(
      [{ commitmentId: 'dinner', entityId: 'e', before: 8, after: 6 }],
      at({ seats: 7, date: '2026-12-01', known: false }),
    );
    expect(translateSaid(inEnglish, w[0]!.message)).toMatch(/cannot be known \(at least 7 on 2026-12-01\)\. /);
    const [none] = reductionWarnings(
      [{ commitmentId: 'dinner', entityId: 'e', before: 8, after: 0 }],
      at({ seats: 0, date: null, known: false }),
    );
    expect(translateSaid(inEnglish, none!.message)).toBe(
      'Some reservations here may belong to this commitment or another one, so the seats in use cannot be known. Check before reducing.',
    );
    expect(reductionWarnings([{ commitmentId: 'x', entityId: 'e', before: 8, after: 0 }], at(undefined))).toEqual([]);
  });
});
