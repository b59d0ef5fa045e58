/**
 * An inbox item in the member's words, as the inbox page and the notification e-mails both say
 * it: what happened in one sentence, and a change's fields old → new. Framework-free: each caller
 * gives its translator of the `inbox` namespace and its formatter.
 */
import type { Formatter } from '../format';
import type { InboxItem } from './items';

type InboxKey =
  | 'what.canceled'
  | 'what.changed'
  | 'what.canceledUnknown'
  | 'what.changedUnknown'
  | 'what.large_party_today'
  | 'what.large_party_todayUnknown'
  | 'what.watchedCanceledBy'
  | 'what.watchedChangedBy'
  | 'what.watchedCanceledUnknown'
  | 'what.watchedChangedUnknown'
  | 'what.quarter_full'
  | 'what.apply_stopped'
  | 'what.bulk_ended_part_way'
  | 'what.bulk_change_ended_part_way'
  | 'what.export_ready'
  | 'what.export_stopped'
  | 'what.mentioned'
  | 'what.entity_suspended'
  | 'what.delegate_suspended'
  | 'what.role_changed'
  | 'what.two_step_required'
  | 'role.viewer'
  | 'role.operator'
  | 'role.admin'
  | 'change.party_size'
  | 'change.date'
  | 'change.time'
  | 'change.other'
  | OpenKey;

/** The link of an item to what it is about. */
type OpenKey =
  | 'open'
  | 'openAccount'
  | 'openDay'
  | 'openAllocations'
  | 'openReservations'
  | 'openExports'
  | 'openEntity'
  | 'openDelegate';

/** A translator of the `inbox` namespace. */
export type InboxWords = (key: InboxKey, values?: Record<string, string | number>) => string;

type Said = Pick<InboxItem, 'kind' | 'data'>;

const ROLES = new Set(['viewer', 'operator', 'admin']);
const roleName = (role: unknown, t: InboxWords) =>
  ROLES.has(role as string) ? t(`role.${role as 'viewer' | 'operator' | 'admin'}`) : String(role);

/** The words of an item's link: open the reservation, the venue's day, the allocation grid, or the account. */
export function openKey({ kind, data }: Pick<InboxItem, 'kind' | 'data'>): OpenKey {
  if (kind.startsWith('account.')) return 'openAccount';
  if (kind === 'directory.suspended') return data.what === 'delegate' ? 'openDelegate' : 'openEntity';
  if (kind === 'venue.quarter_full') return 'openDay';
  if (kind === 'allocation.apply_stopped') return 'openAllocations';
  if (kind === 'bulk.ended_part_way') return 'openReservations';
  if (kind === 'export.finished') return 'openExports';
  return 'open';
}

/**
 * What happened, in one sentence: the guest's reservation, its party and time, canceled or
 * changed (by whom, for one the member watches); a quarter hour of today reaching the seats
 * allocated at a venue; an apply that stopped part-way; a bulk cancel that ended part-way; an
 * export ready or stopped; a mention in a guest's note; an entity or
 * delegate suspended; or the admin's change to the member's account.
 */
export function whatHappened(item: Said, t: InboxWords, format: Pick<Formatter, 'day' | 'wallTime'>): string {
  if (item.kind === 'account.role_changed') {
    const [from, to] = item.data.role ?? ['', ''];
    return t('what.role_changed', { by: item.data.by ?? '—', from: roleName(from, t), to: roleName(to, t) });
  }
  if (item.kind === 'account.two_step_required') return t('what.two_step_required', { by: item.data.by ?? '—' });
  if (item.kind === 'allocation.apply_stopped') return t('what.apply_stopped', { cells: item.data.cells ?? 0 });
  if (item.kind === 'bulk.ended_part_way')
    return t(item.data.bulk === 'change' ? 'what.bulk_change_ended_part_way' : 'what.bulk_ended_part_way', {
      done: item.data.done ?? 0,
      total: item.data.total ?? 0,
    });
  if (item.kind === 'export.finished')
    return item.data.failure
      ? t('what.export_stopped', {
          done: item.data.done ?? 0,
          total: item.data.total ?? 0,
          reason: item.data.failure,
        })
      : t('what.export_ready', { done: item.data.done ?? 0 });
  if (item.kind === 'guest.mentioned')
    return t('what.mentioned', {
      by: item.data.by ?? '—',
      guest: item.data.guest ?? '—',
      excerpt: item.data.excerpt ?? '',
    });
  if (item.kind === 'directory.suspended')
    return t(item.data.what === 'delegate' ? 'what.delegate_suspended' : 'what.entity_suspended', {
      name: item.data.name ?? '—',
    });
  if (item.kind === 'venue.quarter_full') {
    const { venue, seats, start, end, time } = item.data;
    return t('what.quarter_full', {
      venue: venue ?? '—',
      seats: seats ?? 0,
      start: start ? format.wallTime(start) : '—',
      end: end ? format.wallTime(end) : '—',
      time: time ? format.wallTime(time) : '—',
    });
  }
  const { guest, date, time, party } = item.data;
  if (item.kind === 'reservation.watched' && item.data.by) {
    const canceled = item.data.canceled === true;
    if (!guest || !date || !time || typeof party !== 'number')
      return t(canceled ? 'what.watchedCanceledUnknown' : 'what.watchedChangedUnknown', { by: item.data.by });
    const values = { by: item.data.by, guest, party, date: format.day(date), time: format.wallTime(time) };
    return t(canceled ? 'what.watchedCanceledBy' : 'what.watchedChangedBy', values);
  }
  if (item.kind === 'reservation.large_party_today')
    return guest && time && typeof party === 'number'
      ? t('what.large_party_today', { guest, party, time: format.wallTime(time) })
      : t('what.large_party_todayUnknown', { party: party ?? 0 });
  // made outside the console: an item about a reservation the member booked, changed or watches says so alike
  const canceled =
    item.kind === 'reservation.canceled_outside' ||
    (item.kind === 'reservation.watched' && item.data.canceled === true);
  if (!guest || !date || !time || typeof party !== 'number')
    return t(canceled ? 'what.canceledUnknown' : 'what.changedUnknown');
  const values = { guest, party, date: format.day(date), time: format.wallTime(time) };
  return t(canceled ? 'what.canceled' : 'what.changed', values);
}

/** A change's fields, old → new, in the member's words ("Party 4 → 6"). */
export function changesOf(item: Said, t: InboxWords, format: Pick<Formatter, 'day' | 'wallTime'>): string[] {
  const out: string[] = [];
  let other = false;
  for (const [field, [from, to]] of Object.entries(item.data.changes ?? {})) {
    if (field === 'party_size') out.push(t('change.party_size', { from: String(from ?? '—'), to: String(to ?? '—') }));
    else if (field === 'date')
      out.push(t('change.date', { from: format.day(from as string), to: format.day(to as string) }));
    else if (field === 'time')
      out.push(t('change.time', { from: format.wallTime(from as string), to: format.wallTime(to as string) }));
    else other = true;
  }
  if (other) out.push(t('change.other'));
  return out;
}
