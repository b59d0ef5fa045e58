/** The staff roles, lowest first, with their labels: shared by the server, the pages and the tests. */
export const STAFF_ROLES = ['viewer', 'operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' };

/** viewer reads; operator also modifies reservations and allocations; admin also entities and staff. */
export const hasRole = (role: StaffRole, atLeast: StaffRole) =>
  STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(atLeast);
