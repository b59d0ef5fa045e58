/**
 * The Content-Security-Policy of every page: scripts only with this response's nonce (and what
 * they load, via 'strict-dynamic'); no eval outside development; never framed.
 */
export function contentSecurityPolicy(opts: { nonce: string; dev: boolean; imageOrigins: string[] }): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic'${opts.dev ? ` 'unsafe-eval'` : ''}`,
    // React writes style attributes (progress bars, bar segments); styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${opts.imageOrigins.join(' ')}`.trim(),
    `font-src 'self'`,
    `connect-src 'self'${opts.dev ? ' ws:' : ''}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const HSTS = 'max-age=63072000; includeSubDomains';
