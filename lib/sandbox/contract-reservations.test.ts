import { describe, expect, it } from 'vitest';

import { CONTRACT_STARTS_AT, control, DIRECT, get, partner, send, setUpContractSandbox } from './contract-fixture';

/** The sandbox's contract, continued (contract.test.ts): holds, reservations, their filters and the e-mails they send. */

setUpContractSandbox();

describe('reservations and holds', () => {
  async function findOption(token: string) {
    const venues = (await get(token, '/v2/venues?limit=100')).body.data as { id: string }[];
    for (let d = 1; d <= 7; d++) {
      const date = new Date(CONTRACT_STARTS_AT.getTime() + d * 86_400_000).toISOString().slice(0, 10);
      for (const v of venues) {
        const options = (await get(token, `/v2/availability?venue_id=${v.id}&date=${date}&party_size=2`)).body.data as {
          venue_id: string;
          date: string;
          time: string;
          seats_available: number;
        }[];
        if (options.length) return options[0]!;
      }
    }
    throw new Error('no availability in the demo world');
  }

  it('holds seats (bare object), books from the hold in the entity locale, e-mails the guest, and cancels once', async () => {
    const option = await findOption(partner);
    const hold = await send(partner, 'POST', '/v2/holds', {
      venue_id: option.venue_id,
      date: option.date,
      time: option.time,
      party_size: 2,
    });
    expect(hold.status).toBe(201);
    expect(hold.body).not.toHaveProperty('data');
    expect(hold.body).toMatchObject({ venue_id: option.venue_id, party_size: 2 });
    expect(String(hold.body.expires_at)).toMatch(/Z$/);

    const created = await send(partner, 'POST', '/v2/reservations', {
      hold_id: hold.body.id,
      guest: { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' },
    });
    expect(created.status).toBe(201);
    const r = created.body.data as { id: string; locale: string; program_id: string | null; status: string };
    expect(r).toMatchObject({ status: 'confirmed', locale: 'en-GB' });
    expect(r.program_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (
        await send(partner, 'POST', '/v2/reservations', {
          hold_id: hold.body.id,
          guest: { first_name: 'A', last_name: 'B', email: 'b@example.com' },
        })
      ).status,
    ).toBe(422);

    const outbox = (await control('outbox')) as { reservation_id: string; kind: string; locale: string }[];
    expect(outbox.filter((m) => m.reservation_id === r.id)).toEqual([
      expect.objectContaining({ kind: 'confirmation', locale: 'en-GB' }),
    ]);

    const canceled = await send(partner, 'POST', `/v2/reservations/${r.id}/cancel`);
    expect(canceled.body.data).toMatchObject({ status: 'canceled' });
    const again = await send(partner, 'POST', `/v2/reservations/${r.id}/cancel`);
    expect(again.status).toBe(422);
    expect(again.body.detail).toContain('already canceled');
    expect(((await get(partner, `/v2/reservations/${r.id}`)).body.data as { status: string }).status).toBe('canceled');
  });

  it('expires holds on the sandbox clock and releases them early', async () => {
    const option = await findOption(partner);
    const body = { venue_id: option.venue_id, date: option.date, time: option.time, party_size: 2 };
    const released = await send(partner, 'POST', '/v2/holds', body);
    expect((await send(partner, 'DELETE', `/v2/holds/${released.body.id}`)).status).toBe(204);
    expect((await send(partner, 'DELETE', `/v2/holds/${released.body.id}`)).status).toBe(404);
    const hold = await send(partner, 'POST', '/v2/holds', body);
    await control('clock', { advance_s: 11 * 60 });
    const late = await send(partner, 'POST', '/v2/reservations', {
      hold_id: hold.body.id,
      guest: { first_name: 'A', last_name: 'B', email: 'b@example.com' },
    });
    expect(late.status).toBe(422);
    expect(late.body.detail).toContain('expired');
  });

  it('binds holds by the allocation: more guests than the entity can seat is refused', async () => {
    const option = await findOption(partner);
    const res = await send(partner, 'POST', '/v2/holds', {
      venue_id: option.venue_id,
      date: option.date,
      time: option.time,
      party_size: Math.min(50, option.seats_available + 1),
    });
    expect(res.status).toBe(422);
  });

  it('filters with every modifier, scoped to the entity, and pages the filtered set', async () => {
    type R = { entity_id: string; status: string; date: string; created_at: string; party_size: number };
    const all = (q: string) =>
      get(partner, `/v2/reservations?limit=100&${q}`).then((x) => ({
        rows: x.body.data as R[],
        total: (x.body.pagination as { total_items: number }).total_items,
      }));
    const base = await all('');
    expect(base.total).toBeGreaterThan(100);
    const cases: [string, (r: R) => boolean][] = [
      ['status=confirmed', (r) => r.status === 'confirmed'],
      ['status[neq]=canceled', (r) => r.status !== 'canceled'],
      ['status[in]=confirmed,pending', (r) => ['confirmed', 'pending'].includes(r.status)],
      ['status[nin]=canceled,no_show', (r) => !['canceled', 'no_show'].includes(r.status)],
      ['date[gte]=2026-11-22&date[lte]=2026-11-30', (r) => r.date >= '2026-11-22' && r.date <= '2026-11-30'],
      ['party_size[gte]=4', (r) => r.party_size >= 4],
      ['created_at[lte]=2026-11-01T00:00:00Z', (r) => r.created_at <= '2026-11-01T00:00:00Z'],
    ];
    for (const [q, predicate] of cases) {
      const { rows, total } = await all(q);
      expect(
        rows.every((r) => r.entity_id === DIRECT.id && predicate(r)),
        q,
      ).toBe(true);
      expect(total, q).toBeLessThanOrEqual(base.total);
    }
    const p2 = await get(partner, '/v2/reservations?status=confirmed&limit=5&page=2&sort=-created_at');
    const first10 = (await get(partner, '/v2/reservations?status=confirmed&limit=10&sort=-created_at')).body.data as {
      id: string;
    }[];
    expect((p2.body.data as { id: string }[]).map((r) => r.id)).toEqual(first10.slice(5).map((r) => r.id));
  });

  it('sends reminders in the reservation locale when the clock reaches the day before', async () => {
    await control('clock', { advance_s: 1 });
    const outbox = (await control('outbox')) as { kind: string; locale: string; subject: string }[];
    const reminders = outbox.filter((m) => m.kind === 'reminder');
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.some((m) => m.locale.startsWith('pt') && m.subject.startsWith('Lembrete'))).toBe(true);
  });
});
