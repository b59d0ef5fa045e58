/**
 * Company sign-in (OIDC): which staff account an identity at the provider signs in as, and
 * whether the provider says a second factor was used. Framework-free, as the staff store.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { staffUsers, type StaffUser } from '../db/schema';
import { findStaffByEmail } from './staff-store';

export interface SsoProfile {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  /** the authentication context class the provider met (OIDC Core 2) */
  acr?: unknown;
  /** the authentication methods used (RFC 8176: `mfa`, `otp`, `hwk`, …) */
  amr?: unknown;
}

/**
 * Whether the provider says its sign-in used a second factor: the ID token's `acr` is one of
 * `acrValues` (the classes the deployment names), or, when none are named, its `amr` names `mfa`
 * (RFC 8176: more than one factor was used). A token that says nothing proves nothing.
 */
export function ssoProvesSecondFactor(profile: SsoProfile | undefined, acrValues: readonly string[]): boolean {
  if (acrValues.length) return typeof profile?.acr === 'string' && acrValues.includes(profile.acr);
  return Array.isArray(profile?.amr) && profile.amr.includes('mfa');
}

export type SsoMatch =
  | { staff: StaffUser; refused?: undefined }
  /**
   * sso_unknown: no enabled account has that verified e-mail; sso_bound_elsewhere: the account is
   * bound to another identity; sso_second_factor: the team requires two-step sign-in for the
   * account's role and the provider did not say a second factor was used
   */
  | { staff?: undefined; refused: 'sso_unknown' | 'sso_bound_elsewhere' | 'sso_second_factor' };

/**
 * The enabled staff account an SSO identity signs in as. A member is bound to the provider's
 * issuer and subject (`iss`, `sub`) at their first company sign-in, and from then on only that
 * identity signs in as them, whatever e-mail it later shows. An identity not bound yet is matched
 * by e-mail, which the provider must state is verified (`email_verified: true`: a profile that
 * omits the claim is refused, its e-mail could be any address its holder typed in), and only to
 * an account no other identity is bound to: a new account at the provider given a departed
 * member's address does not inherit their access.
 */
export async function staffForSso(db: DashboardDb, issuer: string, profile: SsoProfile | undefined): Promise<SsoMatch> {
  const subject = profile?.sub;
  if (!subject) return { refused: 'sso_unknown' };
  const [bound] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.ssoIssuer, issuer), eq(staffUsers.ssoSubject, subject)));
  if (bound) return bound.disabled ? { refused: 'sso_unknown' } : { staff: bound };
  if (!profile.email || (profile.email_verified !== true && profile.email_verified !== 'true'))
    return { refused: 'sso_unknown' };
  const staff = await findStaffByEmail(db, profile.email);
  if (!staff || staff.disabled) return { refused: 'sso_unknown' };
  if (staff.ssoSubject !== null) return { refused: 'sso_bound_elsewhere' };
  // Bound once: of two first sign-ins at the same moment, one binds and the other is refused.
  const [claimed] = await db
    .update(staffUsers)
    .set({ ssoIssuer: issuer, ssoSubject: subject, updatedAt: sql`now()` })
    .where(and(eq(staffUsers.id, staff.id), isNull(staffUsers.ssoSubject)))
    .returning();
  return claimed ? { staff: claimed } : { refused: 'sso_bound_elsewhere' };
}
