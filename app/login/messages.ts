/** Sign-in failures, keyed by the code the credentials check throws. */
export const SIGN_IN_ERRORS: Record<string, string> = {
  // One answer for an unknown e-mail, a wrong password and an e-mail paused by its limit.
  invalid: 'Wrong e-mail or password. After 5 wrong tries, an e-mail is paused for 15 minutes from where you are.',
  disabled: 'This account is disabled. Ask an admin of your team.',
  expired: 'This one-time password has expired (they last 72 hours). Ask an admin of your team for a new one.',
  throttled: 'Too many failed attempts from this address. Try again in 15 minutes.',
  second_factor: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  second_factor_invalid:
    'That code is not right, or was used already. Enter the code your app shows now, or an unused recovery code.',
  SessionRequired: 'Sign in to continue.',
  sso_unknown:
    'Your company account has no staff account here, or it is disabled. Ask an admin of your team to add your e-mail.',
  sso_bound_elsewhere:
    'The staff account with your e-mail signs in with another company account. Ask an admin of your team.',
  AccessDenied:
    'Your company account has no staff account here, or it is disabled. Ask an admin of your team to add your e-mail.',
  OAuthSignin: 'Company sign-in could not start. Try again, or sign in with your password.',
  OAuthCallback: 'Company sign-in did not complete. Try again, or sign in with your password.',
};

const SINGLE_SLASH_PATH = /^\/(?![/\\])[^\\]*$/;

/** A path with exactly one leading `/`, no backslash, and the same after URL normalisation. */
function isSingleSlashPath(value: string): boolean {
  if (!SINGLE_SLASH_PATH.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return false;
  const url = new URL(value, 'http://dashboard.invalid');
  return url.origin === 'http://dashboard.invalid' && SINGLE_SLASH_PATH.test(url.pathname);
}

/**
 * Where to go after signing in: a path on this site, else `/`. The value must start with exactly
 * one `/` and hold no backslash, before and after normalisation, since browsers read `//host` and
 * `/\host` as another site and `/.//host`, `/x/..//host` or `/%2e//host` normalise to one. The
 * same holds for each percent-decoding of it (up to three), so no encoding slips one through.
 */
export function safeCallbackPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000) return '/';
  try {
    let value = raw;
    for (let i = 0; i < 4; i++) {
      if (!isSingleSlashPath(value)) return '/';
      const decoded = decodeURIComponent(value);
      if (decoded === value) break;
      value = decoded;
    }
    const url = new URL(raw, 'http://dashboard.invalid');
    return /^\/login(\/|$)/.test(url.pathname) ? '/' : `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}
