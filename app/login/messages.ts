/** Sign-in failures, keyed by the code the credentials check throws. */
export const SIGN_IN_ERRORS: Record<string, string> = {
  invalid: 'Wrong e-mail or password.',
  locked: 'Too many failed attempts: this account is locked for 15 minutes.',
  disabled: 'This account is disabled. Ask an admin of your team.',
  throttled: 'Too many failed attempts from this address. Try again in 15 minutes.',
  SessionRequired: 'Sign in to continue.',
  sso_unknown: 'Your company account has no staff account here, or it is disabled. Ask an admin of your team to add your e-mail.',
  AccessDenied: 'Your company account has no staff account here, or it is disabled. Ask an admin of your team to add your e-mail.',
  OAuthSignin: 'Company sign-in could not start. Try again, or sign in with your password.',
  OAuthCallback: 'Company sign-in did not complete. Try again, or sign in with your password.',
};

/** Only same-site paths; anything else (absolute or protocol-relative URLs) goes home. */
export function safeCallbackPath(raw: string | null | undefined): string {
  if (!raw) return '/';
  try {
    const url = new URL(raw, 'http://dashboard.invalid');
    if (url.origin !== 'http://dashboard.invalid') return '/';
    return url.pathname.startsWith('/login') ? '/' : `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}
