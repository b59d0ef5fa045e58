/**
 * The change feed's events as a browser receives them (the `data:` of each Server-Sent Event on
 * /api/events), their kinds and which roles see which kinds. Framework-free: the server's stream
 * and the browser's listener share it.
 */
import type { StaffRole } from '../auth/roles';

export const CHANGE_KINDS = [
  'reservation.created',
  'reservation.changed',
  'reservation.canceled',
  'guest.changed',
  'entity.created',
  'entity.changed',
  'delegate.changed',
  'allocation.applied',
  'team.changed',
  'notification.raised',
  'bulk.finished',
  'export.finished',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * Not a change of the partner's data, so in none of the lists above: a member arrived at a page
 * that shows presence (the grid, a reservation's page; `ids.place`) or started or stopped editing
 * there (`data.editing`). The other members' pages at that place ask who is there at once,
 * instead of at their next beat.
 */
export const PRESENCE_KIND = 'presence.changed';
export type EventKind = ChangeKind | typeof PRESENCE_KIND;

export interface ChangeEvent {
  /** the feed's id, growing; the stream's `id:` */
  id: number;
  /** when it was recorded (ISO) */
  at: string;
  kind: EventKind;
  /** the entity it is in; null: partner-wide */
  entityId: string | null;
  /** the ids it touches: `reservation`, `guest` (an e-mail), `commitments`, `entities`, `delegate`, `staff` */
  ids: Record<string, string | string[]>;
  /** who made it; null: made outside the console */
  who: { id: string; name: string } | null;
  /** what a page needs to mark the row: `{ status: 'canceled' }`, `{ party_size: [4, 6] }` */
  data: Record<string, unknown>;
}

/**
 * Which role sees which kinds. Every member works for the whole partner (the console has no
 * per-entity grants), so every entity's reservations, entities and seat allocations are shown to
 * every role, as the pages show them; the team's changes (who was added, a role, a disabled
 * account) only to admins, who alone open the Team page. Sign-ins, passwords, sessions and
 * two-step changes are never events at all. A raised notification (`notification.raised`), a
 * member's bulk action that finished (`bulk.finished`) and their export prepared on the server
 * (`export.finished`) are no role's: each goes to the member in its `ids.staff` alone
 * (`eventVisibleTo`).
 */
export const MEMBER_KINDS = ['notification.raised', 'bulk.finished', 'export.finished'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export const isMemberKind = (kind: string): kind is MemberKind => (MEMBER_KINDS as readonly string[]).includes(kind);
const SHARED_KINDS = CHANGE_KINDS.filter((k) => !isMemberKind(k));
const KINDS_OF: Record<StaffRole, readonly ChangeKind[]> = {
  viewer: SHARED_KINDS.filter((k) => k !== 'team.changed'),
  operator: SHARED_KINDS.filter((k) => k !== 'team.changed'),
  admin: SHARED_KINDS,
};

export function kindVisibleTo(role: StaffRole, kind: string): boolean {
  return (KINDS_OF[role] as readonly string[]).includes(kind);
}

/**
 * Whether the member `staffId` of `role` receives `event`: a member's own kind only that member,
 * presence every member but the one it names, the rest by kind.
 */
export function eventVisibleTo(
  role: StaffRole,
  staffId: string,
  event: Pick<ChangeEvent, 'kind' | 'ids'> & Partial<Pick<ChangeEvent, 'who'>>,
): boolean {
  if (isMemberKind(event.kind)) return idOf(event, 'staff') === staffId;
  if (event.kind === PRESENCE_KIND) return event.who?.id !== staffId;
  return kindVisibleTo(role, event.kind);
}

export const isChangeKind = (kind: string): kind is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(kind);

/** The one id of `key` an event names (a reservation's, an entity's), or null. */
export function idOf(event: Pick<ChangeEvent, 'ids'>, key: string): string | null {
  const v = event.ids[key];
  return typeof v === 'string' ? v : null;
}

/** Every id of `key` an event names (the commitments of an apply), as a list. */
export function idsOf(event: Pick<ChangeEvent, 'ids'>, key: string): string[] {
  const v = event.ids[key];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}
