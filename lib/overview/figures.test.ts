import { describe, expect, it } from 'vitest';

import { allocationFigures, coversByDay, dateRange, localNow, partnerRows, todayFigures, todayOf } from './figures';

const london = { id: 'v1', name: 'The Wharf', time_zone: 'Europe/London' };
const lisbon = { id: 'v2', name: 'Casa Alfama', time_zone: 'Europe/Lisbon' };
const newYork = { id: 'v3', name: 'Hudson', time_zone: 'America/New_York' };

describe('overview figures', () => {
  it('reads the date and time at a venue', () => {
    expect(localNow('America/New_York', new Date('2026-11-24T03:30:00Z'))).toEqual({
      date: '2026-11-23',
      time: '22:30',
    });
    expect(localNow(undefined, new Date('2026-11-24T03:30:00Z'))).toEqual({ date: '2026-11-24', time: '03:30' });
  });

  it('calls today the date of most venues', () => {
    const now = new Date('2026-11-24T03:30:00Z');
    expect(todayOf([london, lisbon, newYork], now)).toBe('2026-11-24');
    expect(todayOf([newYork], now)).toBe('2026-11-23');
    expect(todayOf([london, newYork], now)).toBe('2026-11-24');
  });

  it("counts today's reservations and covers by status, canceled left out of the totals, and the arrivals still to come", () => {
    const now = new Date('2026-11-23T18:00:00Z');
    const r = (id: string, status: string, time: string, party_size: number, date = '2026-11-23', venue_id = 'v1') => ({
      id,
      status,
      date,
      time,
      party_size,
      venue_id,
      guest: { first_name: 'Ana', last_name: id },
    });
    const figures = todayFigures(
      [
        r('a', 'confirmed', '19:00', 4),
        r('b', 'confirmed', '17:00', 2),
        r('c', 'canceled', '20:00', 6),
        r('d', 'no_show', '12:00', 3),
        r('e', 'pending', '18:30', 2),
        r('f', 'confirmed', '19:00', 8, '2026-11-24'),
      ],
      [london],
      '2026-11-23',
      now,
    );
    expect(figures.reservations).toBe(4);
    expect(figures.covers).toBe(11);
    expect(figures.noShows).toBe(1);
    expect(figures.byStatus).toEqual([
      { status: 'confirmed', reservations: 2, covers: 6 },
      { status: 'canceled', reservations: 1, covers: 6 },
      { status: 'no_show', reservations: 1, covers: 3 },
      { status: 'pending', reservations: 1, covers: 2 },
    ]);
    expect(figures.nextArrivals.map((a) => [a.time, a.guest])).toEqual([
      ['18:30', 'Ana e'],
      ['19:00', 'Ana a'],
    ]);
  });

  it('leaves a venue the list does not hold and a reservation without a guest unnamed, for the page to name', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const figures = todayFigures(
      [{ id: 'x', status: 'confirmed', date: '2026-11-23', time: '19:00', party_size: 2, venue_id: 'gone' }],
      [london],
      '2026-11-23',
      now,
    );
    expect(figures.nextArrivals).toEqual([{ id: 'x', time: '19:00', venueName: null, partySize: 2, guest: null }]);
    const row = (id: string, venue_id: string) => ({
      id,
      venue_id,
      assignment_status: 'assigned',
      total_seats: 10,
      entity_seats: 5,
      peer_seats: 0,
      unallocated_seats: 5,
    });
    const f = allocationFigures([row('c1', 'gone'), row('c2', 'v1'), row('c3', 'v2')], [london, lisbon]);
    expect(f.byVenue.map((v) => v.venueName)).toEqual(['Casa Alfama', 'The Wharf', null]);
    expect(f.fullest.find((c) => c.id === 'c1')?.venueName).toBeNull();
  });

  it('sums covers per day over a range, every day present', () => {
    const range = dateRange('2026-12-30', 4);
    expect(range).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    const days = coversByDay(
      [
        { id: '1', status: 'confirmed', date: '2026-12-31', party_size: 4 },
        { id: '2', status: 'canceled', date: '2026-12-31', party_size: 9 },
        { id: '3', status: 'pending', date: '2027-01-02', party_size: 2 },
        { id: '4', status: 'pending', date: '2027-02-02', party_size: 2 },
      ],
      range,
    );
    expect(days.map((d) => d.covers)).toEqual([0, 4, 0, 2]);
    expect(days.map((d) => d.reservations)).toEqual([0, 1, 0, 1]);
  });

  it("adds up the entity's assigned seats per venue and ranks commitments by how full they are", () => {
    const row = (
      id: string,
      venue_id: string,
      entity: number,
      total: number,
      assignment_status = 'assigned',
      agreement_id = 'ag1',
    ) => ({
      id,
      venue_id,
      assignment_status,
      total_seats: total,
      entity_seats: entity,
      peer_seats: 0,
      unallocated_seats: total - entity,
      agreement_id,
    });
    const f = allocationFigures(
      [
        row('c1', 'v1', 10, 20),
        row('c2', 'v1', 20, 20),
        row('c3', 'v2', 0, 10),
        row('c4', 'v2', 5, 10, 'ended', 'ag0'),
        row('c5', 'v2', 3, 10, 'unassigned'),
      ],
      [london, lisbon],
      2,
    );
    expect(f.byVenue).toEqual([
      { venueId: 'v2', venueName: 'Casa Alfama', allocated: 0, total: 10, unallocated: 10 },
      { venueId: 'v1', venueName: 'The Wharf', allocated: 30, total: 40, unallocated: 10 },
    ]);
    expect(f.fullest.map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(f.emptiest.map((c) => c.id)).toEqual(['c3', 'c1']);
    expect(f.endedAgreements).toEqual([{ agreementId: 'ag0', commitments: 1, seats: 5 }]);
  });

  it("adds up the entities' seats of one commitment for the whole partner, counting its total and unallocated seats once", () => {
    const row = (id: string, entity_seats: number | null, assignment_status = 'assigned') => ({
      id,
      assignment_status,
      total_seats: 20,
      entity_seats,
      peer_seats: 0,
      unallocated_seats: 5,
      venue_id: 'v1',
    });
    const merged = partnerRows([
      [row('c1', 10), row('c2', 4), row('c3', 3, 'ended'), row('c4', 0, 'unassigned')],
      [row('c1', 5), row('c2', 2, 'ended'), row('c3', 1, 'ended')],
    ]);
    expect(merged.map((r) => [r.id, r.assignment_status, r.entity_seats])).toEqual([
      ['c1', 'assigned', 15],
      ['c2', 'assigned', 4],
      ['c3', 'ended', 4],
    ]);
    expect(allocationFigures(merged, [london]).byVenue).toEqual([
      { venueId: 'v1', venueName: 'The Wharf', allocated: 19, total: 40, unallocated: 10 },
    ]);
  });
});
