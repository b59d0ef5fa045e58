/**
 * What a turn of the reservations window found, as change events (plain Node: the sync calls it
 * in the transaction that writes the turn to the copy, the tests with a database of their own).
 */
import type { ChangeInput } from '../changes/of-action';
import { recordChange } from '../changes/record';
import type { DashboardTx } from '../db/open';
import { isOwnWrite, kindsByMembers } from '../directory/copy-changes';
import type { TurnReport, WindowChange } from './sync';

/** The change event of what a turn found in one reservation, made outside the console; null: not a change to anyone. */
export function reservationEvent(context: string, c: WindowChange): ChangeInput | null {
  const base = { entityId: context, ids: { reservation: c.id }, who: null };
  if (c.kind === 'added')
    return c.source === 'booked'
      ? { ...base, kind: 'reservation.created', data: { status: c.reservation.status } }
      : null;
  if (c.kind === 'removed')
    return c.reservation === null || c.reservation.status === 'canceled'
      ? { ...base, kind: 'reservation.canceled', data: { status: 'canceled' } }
      : { ...base, kind: 'reservation.changed', data: { date: [c.before.date, c.reservation.date] } };
  if (c.reservation.status === 'canceled' && c.before.status !== 'canceled')
    return { ...base, kind: 'reservation.canceled', data: { status: 'canceled' } };
  const data = Object.fromEntries(
    c.fields.filter((f) => !f.field.includes('.')).map((f) => [f.field, [f.from ?? null, f.to ?? null]]),
  );
  return { ...base, kind: 'reservation.changed', data };
}

/**
 * Records the change events of one context's turn, in the transaction that writes the turn to
 * the copy: none on its first turn (every row is new to the copy, nothing new to anyone), and
 * none for a member's own write (isOwnWrite), read under the feed's lock (kindsByMembers): a
 * member's write of the same reservation that commits meanwhile is recorded after these, as the
 * newer word on it. Returns how many it recorded.
 */
export async function recordTurnChanges(
  tx: DashboardTx,
  turn: Pick<TurnReport, 'context' | 'first' | 'changes'>,
): Promise<number> {
  if (turn.first || !turn.changes.length) return 0;
  const own = await kindsByMembers(
    tx,
    turn.changes.map((c) => c.id),
  );
  const events = turn.changes
    .map((c) => reservationEvent(turn.context, c))
    .filter((e): e is ChangeInput => e !== null && !isOwnWrite(e, own.get(String(e.ids.reservation))));
  if (events.length) await recordChange(tx, ...events);
  return events.length;
}
