/** The staff roles, lowest first: shared by the server, the pages and the tests (their names are the catalogs', `team.roleLabel`). */
export const STAFF_ROLES = ['viewer', 'operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** viewer reads; operator also modifies reservations and allocations; admin also entities and staff. */
export const hasRole = (role: StaffRole, atLeast: StaffRole) =>
  STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(atLeast);
