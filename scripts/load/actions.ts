/** The server actions the load test posts, found in the production build by their module and export name. */
import { buildActions } from '../../e2e/action-list';

/** Every server action the load test and the bench post, by the name their figures use: `file#export` in the build. */
export const ACTION_KEYS = {
  addStaffMember: 'lib/actions/team.ts#addStaffMemberAction',
  updateEntity: 'lib/actions/entities.ts#updateEntityAction',
  applyAllocation: 'lib/actions/allocations.ts#applyAllocationAction',
  cancelReservation: 'lib/actions/reservations.ts#cancelReservationAction',
  updateReservation: 'lib/actions/reservations.ts#updateReservationAction',
  selectEntity: 'lib/actions/select-entity.ts#selectEntityAction',
} as const;

export type ActionKind = keyof typeof ACTION_KEYS;
export type ActionIds = Record<ActionKind, string>;

/** The build's id of each action in ACTION_KEYS (read from its manifest); throws when the build lacks one. */
export function readActionIds(): ActionIds {
  const byKey = new Map(buildActions().map((a) => [a.key, a.id]));
  const entries = Object.entries(ACTION_KEYS).map(([kind, key]) => {
    const id = byKey.get(key);
    if (!id) throw new Error(`The production build has no server action ${key}: rebuild, or update ACTION_KEYS.`);
    return [kind, id];
  });
  return Object.fromEntries(entries) as ActionIds;
}
