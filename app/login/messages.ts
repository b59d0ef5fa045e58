/** Sign-in failures the catalog words (`login.errors.<code>`), keyed by the code the credentials check throws. */
export const SIGN_IN_ERROR_CODES = [
  // One answer for an unknown e-mail, a wrong password and an e-mail paused by its limit.
  'invalid',
  'disabled',
  'expired',
  'throttled',
  'second_factor',
  'second_factor_invalid',
  'SessionRequired',
  'sso_unknown',
  'sso_bound_elsewhere',
  'sso_second_factor',
  'AccessDenied',
  'OAuthSignin',
  'OAuthCallback',
] as const;

export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number] | 'other';

/** The catalog's key for a failure code: an unknown code reads as a failure to try again. */
export function signInErrorCode(code: string | null | undefined): SignInErrorCode {
  return (SIGN_IN_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as SignInErrorCode) : 'other';
}

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
