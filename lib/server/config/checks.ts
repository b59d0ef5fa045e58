/**
 * The configuration's checks of URLs and secrets (config-core.ts), each a pure function of its
 * value. Kept free of `server-only` with the configuration.
 */

/** A URL naming this machine: localhost, 127.0.0.0/8, ::1 or 0.0.0.0. */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0' ||
    host === '::ffff:127.0.0.1'
  );
}

/**
 * A PostgreSQL URL that asks node-postgres for TLS with the server's certificate checked against
 * its name (sslmode=verify-full) or its CA (verify-ca); any other mode (or none) can be read or
 * altered by whoever is on the path, and carries the database password in clear.
 */
export function verifiesTls(url: string): boolean {
  const mode = new URL(url).searchParams.get('sslmode');
  return mode === 'verify-full' || mode === 'verify-ca';
}

/**
 * A secret that was generated rather than typed: at least 128 bits by its own character
 * statistics, ten or more distinct characters, and not mostly a run like "abcd…" or "1234…".
 */
export function looksRandom(secret: string): boolean {
  const counts = new Map<string, number>();
  for (const c of secret) counts.set(c, (counts.get(c) ?? 0) + 1);
  const bitsPerChar = [...counts.values()].reduce((h, n) => h - (n / secret.length) * Math.log2(n / secret.length), 0);
  let steps = 0;
  for (let i = 1; i < secret.length; i++) if (Math.abs(secret.charCodeAt(i) - secret.charCodeAt(i - 1)) <= 1) steps++;
  return bitsPerChar * secret.length >= 128 && counts.size >= 10 && steps < secret.length / 2;
}

/**
 * What is wrong with an SMTP server's URL (SMTP_URL), or null. `smtps://` is TLS from the start;
 * `smtp://` sends the password and the mails in plain text unless STARTTLS is required
 * (`?requireTLS=true`, nodemailer's option), so it is refused to any host but this machine's.
 */
export function smtpUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an smtp:// or smtps:// URL';
  }
  if (parsed.protocol === 'smtps:') return null;
  if (parsed.protocol !== 'smtp:') return 'must be an smtp:// or smtps:// URL';
  if (isLoopback(url) || parsed.searchParams.get('requireTLS') === 'true') return null;
  return `sends mail in plain text to ${parsed.hostname}: use smtps:// (TLS from the start) or add ?requireTLS=true (STARTTLS required)`;
}
