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
  | 'what.role_changed'
  | 'what.two_step_required'
  | 'role.viewer'
  | 'role.operator'
  | 'role.admin'
  | 'change.party_size'
  | 'change.date'
  | 'change.time'
  | 'change.other';

/** A translator of the `inbox` namespace. */
export type InboxWords = (key: InboxKey, values?: Record<string, string | number>) => string;

type Said = Pick<InboxItem, 'kind' | 'data'>;

const ROLES = new Set(['viewer', 'operator', 'admin']);
const roleName = (role: unknown, t: InboxWords) =>
  ROLES.has(role as string) ? t(`role.${role as 'viewer' | 'operator' | 'admin'}`) : String(role);

/**
 * What happened, in one sentence: the guest's reservation, its party and time, canceled or
 * changed; or the admin's change to the member's account.
 */
export function whatHappened(item: Said, t: InboxWords, format: Pick<Formatter, 'day' | 'wallTime'>): string {
  if (item.kind === 'account.role_changed') {
    const [from, to] = item.data.role ?? ['', ''];
    return t('what.role_changed', { by: item.data.by ?? '—', from: roleName(from, t), to: roleName(to, t) });
  }
  if (item.kind === 'account.two_step_required') return t('what.two_step_required', { by: item.data.by ?? '—' });
  const { guest, date, time, party } = item.data;
  if (item.kind === 'reservation.large_party_today')
    return guest && time && typeof party === 'number'
      ? t('what.large_party_today', { guest, party, time: format.wallTime(time) })
      : t('what.large_party_todayUnknown', { party: party ?? 0 });
  const canceled = item.kind === 'reservation.canceled_outside';
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
