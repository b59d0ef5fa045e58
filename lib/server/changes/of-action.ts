/**
 * The change events a console write records, read from what its audit row records (the action's
 * name, its target, before and after): one place that knows which actions change what a page
 * shows. Plain Node (no server-only), so that it is tested on its own.
 */
import type { EventKind } from '../../changes/events';
import { newMentions } from '../../guests/mentions';

/** A change to record: what `recordChange` writes (the id and time are the table's). */
export interface ChangeInput {
  kind: EventKind;
  entityId: string | null;
  ids: Record<string, string | string[]>;
  /** who made it; null: outside the console (the directory sync's findings) */
  who: { id: string; name: string } | null;
  data?: Record<string, unknown>;
}

/** What an action's audit row records, as the action guard holds it. */
export interface AuditedWrite {
  action: string;
  result: 'ok' | 'refused' | 'failed';
  entityId?: string | null;
  resourceId?: string | null;
  before?: unknown;
  after?: unknown;
  staff: { id: string; name: string };
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The scalar fields that differ, each as [before, after]; a changed guest as `guest: true`. */
function fieldChanges(before: unknown, after: unknown): Record<string, unknown> {
  const [b, a] = [record(before), record(after)];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(a)) {
    if (key === 'guest') {
      if (JSON.stringify(a.guest) !== JSON.stringify(b.guest)) out.guest = true;
    } else if (a[key] !== b[key] && (typeof a[key] !== 'object' || a[key] === null))
      out[key] = [b[key] ?? null, a[key]];
  }
  return out;
}

/** The cells of an apply or a restore: `{ commitmentId, entityId }` items, or restore's sets. */
function allocationIds(cells: unknown): { commitments: string[]; entities: string[] } {
  const commitments = new Set<string>();
  const entities = new Set<string>();
  for (const cell of Array.isArray(cells) ? cells : []) {
    const c = record(cell);
    if (typeof c.entityId === 'string') entities.add(c.entityId);
    if (typeof c.commitmentId === 'string') commitments.add(c.commitmentId);
    for (const row of Array.isArray(c.data) ? c.data : []) {
      const id = record(row).id;
      if (typeof id === 'string') commitments.add(id);
    }
  }
  return { commitments: [...commitments], entities: [...entities] };
}

const ENTITY_ACTIONS = new Set(['update-entity', 'replace-entity-programs', 'upload-entity-logo']);
const TEAM_ACTIONS = new Set([
  'add-staff-member',
  'change-staff-access',
  'reset-staff-password',
  'reset-staff-two-step',
  'set-two-step-policy',
]);

/**
 * The changes one audited write made: none when it was refused or failed (nothing changed), or
 * when the action changes nothing a page of another member shows (a hold, a saved view, one's own
 * account). An apply that stopped part-way changed some cells: it is recorded with its status.
 */
export function changesOfAction(w: AuditedWrite): ChangeInput[] {
  if (w.result !== 'ok') return [];
  const who = w.staff;
  const entityId = w.entityId ?? null;
  const resource = w.resourceId ?? null;
  switch (w.action) {
    case 'create-reservation':
      return resource
        ? [
            {
              kind: 'reservation.created',
              entityId,
              ids: { reservation: resource },
              who,
              data: pick(w.after, 'status'),
            },
          ]
        : [];
    case 'cancel-reservation':
      return resource
        ? [
            {
              kind: 'reservation.canceled',
              entityId,
              ids: { reservation: resource },
              who,
              data: pick(w.after, 'status'),
            },
          ]
        : [];
    case 'update-reservation':
      return resource
        ? [
            {
              kind: 'reservation.changed',
              entityId,
              ids: { reservation: resource },
              who,
              data: fieldChanges(w.before, w.after),
            },
          ]
        : [];
    case 'set-guest-note': {
      const mentions = noteMentions(w);
      return resource
        ? [
            {
              kind: 'guest.changed',
              entityId: null,
              ids: { guest: resource },
              who,
              ...(mentions && { data: mentions }),
            },
          ]
        : [];
    }
    case 'add-guest-tag':
    case 'remove-guest-tag':
      return resource ? [{ kind: 'guest.changed', entityId: null, ids: { guest: resource }, who }] : [];
    case 'add-reservation-tag':
    case 'remove-reservation-tag':
      return resource
        ? [{ kind: 'reservation.changed', entityId, ids: { reservation: resource }, who, data: { tags: true } }]
        : [];
    case 'create-entity':
      return resource ? [{ kind: 'entity.created', entityId: resource, ids: { entity: resource }, who }] : [];
    case 'apply-allocation':
    case 'restore-allocation': {
      const status = Array.isArray(w.after) ? 'applied' : (record(w.after).status ?? 'applied');
      if (status === 'conflict') return [];
      const ids = allocationIds(w.action === 'apply-allocation' ? w.before : w.after);
      if (!ids.commitments.length) return [];
      return [
        { kind: 'allocation.applied', entityId: null, ids, who, data: { status, action: w.action, ...stopped(w) } },
      ];
    }
  }
  if (ENTITY_ACTIONS.has(w.action) && (entityId ?? resource))
    return [
      {
        kind: 'entity.changed',
        entityId: entityId ?? resource,
        ids: { entity: (entityId ?? resource)! },
        who,
        data: { what: w.action === 'update-entity' ? Object.keys(fieldChanges(w.before, w.after)) : w.action },
      },
    ];
  if (TEAM_ACTIONS.has(w.action))
    return [
      {
        kind: 'team.changed',
        entityId: null,
        ids: resource ? { staff: resource } : {},
        who,
        // what changed, for the inbox's items about it: a role or access (`role: [from, to]`), the two-step policy
        data: { action: w.action, ...teamChanges(w) },
      },
    ];
  return [];
}

/** A team change's fields before → after: a member's role and access, or the two-step policy. */
function teamChanges(w: { action: string; before?: unknown; after?: unknown }): Record<string, unknown> {
  if (w.action === 'change-staff-access') return pick(fieldChanges(w.before, w.after), 'role', 'disabled');
  if (w.action === 'set-two-step-policy') return pick(fieldChanges(w.before, w.after), 'policy');
  return {};
}

/**
 * A note saved on a guest: the mentions it adds (`@olivia`, lib/guests/mentions.ts), the
 * reservation whose page it was written on and its guest's name, for the inbox's items about them.
 */
function noteMentions(w: { before?: unknown; after?: unknown }): Record<string, unknown> | null {
  const note = (v: unknown) => (typeof record(v).note === 'string' ? (record(v).note as string) : '');
  const mentions = newMentions(note(w.before), note(w.after));
  if (!mentions.length) return null;
  const { reservationId, guestName } = record(w.after);
  return {
    mentions,
    ...(typeof reservationId === 'string' ? { reservation: reservationId } : {}),
    ...(typeof guestName === 'string' ? { guestName } : {}),
  };
}

/**
 * An apply that failed: whether it stopped part-way (some entity holds its decreases or its final
 * values: the grid is neither as it was nor as asked) and how many cells it was to change.
 */
function stopped(w: { action: string; before?: unknown; after?: unknown }): Record<string, unknown> {
  const after = record(w.after);
  if (w.action !== 'apply-allocation' || after.status !== 'failed') return {};
  const holding = Array.isArray(after.holding) ? after.holding : [];
  return {
    partWay: holding.some((h) => record(h).state !== 'unchanged'),
    cells: Array.isArray(w.before) ? w.before.length : null,
  };
}

function pick(v: unknown, ...keys: string[]): Record<string, unknown> {
  const r = record(v);
  return Object.fromEntries(keys.filter((k) => k in r).map((k) => [k, r[k]]));
}
