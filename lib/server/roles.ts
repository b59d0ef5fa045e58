import type { StaffRole } from './db/schema';

export type { StaffRole } from './db/schema';

const RANK: Record<StaffRole, number> = { viewer: 0, operator: 1, admin: 2 };

/** viewer reads; operator also modifies reservations and allocations; admin also entities and staff. */
export const hasRole = (role: StaffRole, atLeast: StaffRole) => RANK[role] >= RANK[atLeast];

export const ROLE_LABELS: Record<StaffRole, string> = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' };
