import { describe, expect, it } from 'vitest';

import { isoWeekday } from '../format/days';
import { daySheet, quarterOf, quartersBetween, type SheetReservation } from './day-sheet';
import { levelOf, venuePacing, type PacingCommitment } from './pacing';

const V1 = 'venue-1';
const V2 = 'venue-2';
const P = 'program-a';
const DATE = '2026-11-27'; // a Friday

let n = 0;
const r = (o: Partial<SheetReservation>): SheetReservation => ({
  id: `r${++n}`,
  status: 'confirmed',
  venue_id: V1,
  program_id: P,
  date: DATE,
  time: '19:00',
  party_size: 2,
  guest: { first_name: 'Ada', last_name: `Guest${n}`, email: `ada${n}@example.com` },
  ...o,
});

describe('the day sheet', () => {
  it('puts a time in its quarter hour', () => {
    expect(['19:00', '19:14', '19:15', '19:44', '23:59'].map(quarterOf)).toEqual([
      '19:00',
      '19:00',
      '19:15',
      '19:30',
      '23:45',
    ]);
    expect(quartersBetween('18:00', '19:00')).toEqual(['18:00', '18:15', '18:30', '18:45']);
  });

  it('groups the day by venue (in the venues’ order) and quarter hour, canceled ones listed without covers', () => {
    const rows = [
      r({ venue_id: V2, time: '12:10', party_size: 3 }),
      r({ time: '19:20', party_size: 4 }),
      r({ time: '19:15', party_size: 2, status: 'canceled' }),
      r({ time: '19:00', party_size: 5, status: 'no_show' }),
      r({ date: '2026-11-28', time: '19:00' }),
    ];
    const sheet = daySheet(
      rows,
      [
        { id: V1, name: 'Harbour' },
        { id: V2, name: 'Loft' },
      ],
      DATE,
    );
    expect(sheet.map((v) => [v.venueName, v.reservations, v.covers])).toEqual([
      ['Harbour', 2, 9],
      ['Loft', 1, 3],
    ]);
    expect(sheet[0]!.quarters.map((q) => [q.quarter, q.covers, q.rows.map((x) => x.time)])).toEqual([
      ['19:00', 5, ['19:00']],
      ['19:15', 4, ['19:15', '19:20']],
    ]);
  });

  it('filters by venue, status and program', () => {
    const rows = [r({ status: 'pending' }), r({ program_id: null }), r({ venue_id: V2 })];
    const count = (f: Parameters<typeof daySheet>[3]) =>
      daySheet(rows, [], DATE, f).flatMap((v) => v.quarters.flatMap((q) => q.rows)).length;
    expect(count({ venue: V2, status: null, program: null })).toBe(1);
    expect(count({ venue: null, status: 'pending', program: null })).toBe(1);
    expect(count({ venue: null, status: null, program: P })).toBe(2);
  });
});

describe('covers pacing', () => {
  const c = (o: Partial<PacingCommitment>): PacingCommitment => ({
    id: 'c1',
    assignment_status: 'assigned',
    entity_seats: 10,
    venue_id: V1,
    program_id: P,
    days_of_week: [5],
    start_time: '19:00',
    end_time: '20:00',
    ...o,
  });

  it('counts each quarter’s arrivals on the commitment of the venue, program and hours, and how full it gets', () => {
    expect(isoWeekday(DATE)).toBe(5);
    const rows = [
      r({ time: '19:00', party_size: 4 }),
      r({ time: '19:30', party_size: 4 }),
      r({ time: '19:45', party_size: 2 }),
      r({ time: '19:30', party_size: 6, status: 'canceled' }),
      r({ time: '20:00', party_size: 3 }), // after the commitment's hours
      r({ time: '19:00', party_size: 1, program_id: 'other' }),
    ];
    const pacing = venuePacing(
      rows,
      [c({}), c({ id: 'c2', days_of_week: [6] }), c({ id: 'c3', assignment_status: 'unassigned' })],
      V1,
      DATE,
    );
    expect(pacing.quarters).toEqual(['19:00', '19:15', '19:30', '19:45']);
    expect(pacing.lines).toHaveLength(1);
    const line = pacing.lines[0]!;
    expect(line.cells.map((x) => [x.quarter, x.covers, x.used, x.level])).toEqual([
      ['19:00', 4, 4, 'open'],
      ['19:15', 0, 4, 'open'],
      ['19:30', 4, 8, 'nearlyFull'],
      ['19:45', 2, 10, 'full'],
    ]);
    expect([line.seats, line.booked, line.remaining, line.level]).toEqual([10, 10, 0, 'full']);
    expect(pacing.unpaced).toBe(4);
  });

  it('calls a commitment without seats full once anyone is booked on it', () => {
    expect([levelOf(0, 0), levelOf(1, 0), levelOf(7, 10), levelOf(8, 10), levelOf(11, 10)]).toEqual([
      'open',
      'full',
      'open',
      'nearlyFull',
      'full',
    ]);
  });
});
