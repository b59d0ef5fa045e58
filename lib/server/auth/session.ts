import 'server-only';

import { notFound, redirect } from 'next/navigation';

import { hasRole, type StaffRole } from '@/lib/auth/roles';

import { verifySession, type StaffSession } from './auth';

/**
 * For server components: the signed-in staff member with at least `role`, or a redirect to
 * the sign-in page. A signed-in member without the role gets a not-found, so pages they may
 * not open do not reveal themselves.
 */
export async function requireStaff(role: StaffRole = 'viewer'): Promise<StaffSession> {
  const staff = await verifySession();
  if (!staff) redirect('/login');
  if (staff.mustChangePassword || staff.mustEnrolSecondFactor) redirect('/account');
  if (!hasRole(staff.role, role)) notFound();
  return staff;
}
