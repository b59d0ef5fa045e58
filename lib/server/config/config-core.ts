/**
 * Configuration of the dashboard: every environment variable it reads, with its default.
 * With nothing set it runs against the embedded sandbox with an embedded database; with
 * GUESTBOOK_ENV=production it requires explicit API URLs, credentials and AUTH_SECRET.
 *
 * Kept free of `server-only` so that the scripts (demo, staff CLI) can share it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

import { API_REQUESTS_PER_MINUTE } from '../../guestbook/rate-limit';
import { isLoopback, looksRandom, smtpUrlProblem, verifiesTls } from './checks';

export { looksRandom };

/** The demo world's partner credentials (lib/sandbox/seed). Refused in production. */
export const SANDBOX_DEFAULTS = {
  apiUrl: 'http://127.0.0.1:4010',
  clientId: 'gb_partner_demo',
  clientSecret: 'sandbox-partner-demo-secret',
} as const;

const Url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));

/** A whole number from `min` to `max`, `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min)
    .max(max)
    .default(fallback);

const Env = z.object({
  GUESTBOOK_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  GUESTBOOK_API_URL: Url.optional(),
  GUESTBOOK_AUTH_URL: Url.optional(),
  GUESTBOOK_AUDIENCE: z.string().min(1).optional(),
  GUESTBOOK_CLIENT_ID: z.string().min(1).optional(),
  GUESTBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  GUESTBOOK_VERIFY_TOKENS: z.enum(['true', 'false']).optional(),
  GUESTBOOK_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(20, { error: 'must be at least 20' })
    .max(API_REQUESTS_PER_MINUTE, { error: `must be at most ${API_REQUESTS_PER_MINUTE}, the API's own limit` })
    .default(900),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  AUTH_SECRET_PREVIOUS: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  DASHBOARD_DATA_DIR: z.string().min(1).default('.data/dashboard'),
  DASHBOARD_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  SESSION_MAX_AGE_S: wholeNumber(300, 7 * 24 * 3600, 8 * 3600),
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  OIDC_ISSUER: Url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('Company SSO'),
  OIDC_ACR_VALUES: z
    .string()
    .regex(/^\S+( \S+)*$/, { error: 'must be one or more values separated by single spaces' })
    .optional(),
  NEXTAUTH_URL: Url.optional(),
  DASHBOARD_PROCESSES: wholeNumber(1, 64, 1),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z
    .string()
    .refine((k) => [16, 24, 32].includes(Buffer.from(k, 'base64').length) && /^[A-Za-z0-9+/]+=*$/.test(k), {
      error: 'must be a base64 AES key of 16, 24 or 32 bytes, e.g. `openssl rand -base64 32`',
    })
    .optional(),
  TRUSTED_PROXY_HOPS: wholeNumber(0, 10, 0),
  DASHBOARD_COMPRESSION: z.enum(['dashboard', 'host']).default('dashboard'),
  EXPORT_MAX_ROWS: wholeNumber(1, 1_000_000, 50_000),
  DIRECTORY_SYNC: z.enum(['on', 'off']).default('on'),
  DIRECTORY_SYNC_SHARE_PERCENT: wholeNumber(1, 100, 25),
  DIRECTORY_SYNC_SECONDS: wholeNumber(10, 600, 60),
  AUDIT_RETENTION_DAYS: wholeNumber(30, 3_650, 400),
  SIGN_IN_RETENTION_DAYS: wholeNumber(7, 3_650, 90),
  SMTP_URL: z
    .string()
    .superRefine((url, ctx) => {
      const problem = smtpUrlProblem(url);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Guest Book Dashboard <dashboard@localhost>'),
});

type EnvName = keyof typeof Env.shape;

/**
 * What each variable is for, in one line: the source of `.env.example` (envExample), which a
 * test keeps in step with this file.
 */
const ENV_HELP: Record<EnvName, string> = {
  GUESTBOOK_ENV:
    'sandbox or production. production refuses to start without NEXTAUTH_URL, the API URL, credentials and AUTH_SECRET, with any http:// URL, an API URL on this machine, a database URL without sslmode=verify-full, a guessable AUTH_SECRET, the sandbox demo credentials or a demo staff account',
  GUESTBOOK_API_URL: 'API base URL (/v2/... is appended). Unset: the sandbox that npm run demo/dev start',
  GUESTBOOK_AUTH_URL: 'token service base (/oauth/token, /.well-known/jwks.json). Unset: the API URL',
  GUESTBOOK_AUDIENCE: 'the audience of token requests. Unset: the API URL with a trailing /',
  GUESTBOOK_CLIENT_ID: 'OAuth client id. Unset: the sandbox demo partner',
  GUESTBOOK_CLIENT_SECRET: 'OAuth client secret, held server-side only. Unset: the sandbox demo partner',
  GUESTBOOK_VERIFY_TOKENS: 'true: verify received access tokens against the JWKS',
  GUESTBOOK_REQUESTS_PER_MINUTE:
    "the most API requests the dashboard sends in any minute with these credentials, every process together: below the API's 1,000 to leave room, lower still when another system uses the same credentials",
  AUTH_SECRET:
    'signs and encrypts staff sessions, at least 32 random characters (openssl rand -base64 32). Unset (sandbox only): generated once into the data directory',
  AUTH_SECRET_PREVIOUS:
    'while AUTH_SECRET is rotated: the one it replaced, to read the second factors kept under it (until `npm run staff -- rekey` has moved them); sessions and known devices of the old one end',
  DASHBOARD_DATA_DIR: 'embedded database and generated secret',
  DASHBOARD_DATABASE_URL:
    'postgres://… : PostgreSQL instead of the embedded database; required with more than one process',
  SESSION_MAX_AGE_S: 'staff session lifetime in seconds, counted from sign-in',
  DEMO_ACCOUNTS: 'false: no demo staff accounts at start (never created in production)',
  OIDC_ISSUER: 'company SSO (OpenID Connect): all three OIDC_ variables enable the "Sign in with …" button',
  OIDC_CLIENT_ID: 'company SSO client id',
  OIDC_CLIENT_SECRET: 'company SSO client secret',
  OIDC_NAME: "the SSO provider's name on the sign-in button",
  OIDC_ACR_VALUES:
    "the provider's authentication context classes that prove a second factor (space-separated), asked for as acr_values and required in the ID token's acr where two-step sign-in is required. Unset: the ID token's amr must name mfa (RFC 8176)",
  NEXTAUTH_URL: "the dashboard's public URL; required in production, and https there (Secure session cookie)",
  DASHBOARD_PROCESSES:
    'how many dashboard processes run side by side; above 1 requires DASHBOARD_DATABASE_URL, AUTH_SECRET and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY',
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY:
    'base64 AES key (openssl rand -base64 32), the same on every process. Unset: generated by Next per build',
  TRUSTED_PROXY_HOPS:
    'how many proxies in front of the dashboard append to X-Forwarded-For; 0 ignores the header, which any client can write',
  DASHBOARD_COMPRESSION:
    'host: a reverse proxy in front compresses what the dashboard sends (gzip, brotli: docs/operations.md), so its processes send it as it is and spend no time on it; dashboard: each process gzips its answers itself, for a dashboard reached with no proxy',
  EXPORT_MAX_ROWS: 'the most reservations one CSV export may hold',
  DIRECTORY_SYNC:
    "off: no background sync of the directory's copy (pages still fill it on first read, after the console's writes and on Refresh now)",
  DIRECTORY_SYNC_SHARE_PERCENT:
    'the most of the per-minute request budget the background sync of the directory may take; it syncs less often rather than more',
  DIRECTORY_SYNC_SECONDS:
    "seconds between the background sync's turns while anyone is signed in (the reservations of today and tomorrow are read twice as often): shorter shows guests' changes sooner and takes more of the sync's share",
  AUDIT_RETENTION_DAYS: 'days the activity log keeps a row; older rows are deleted every hour',
  SIGN_IN_RETENTION_DAYS:
    'days the activity log keeps a sign-in or sign-out (refused ones included), when fewer than AUDIT_RETENTION_DAYS',
  SMTP_URL:
    'smtps://user:password@host:465, or smtp://…:587?requireTLS=true: the mail server of notifications by e-mail (plain smtp:// to this machine only). Unset: notifications reach the console only; npm run demo starts a mail catcher',
  MAIL_FROM: 'the sender of notification e-mails; required in production with SMTP_URL',
};

/** The default a variable takes when it is unset, as written in the environment; undefined when it has none. */
function defaultOf(name: EnvName): string | undefined {
  const parsed = Env.shape[name].safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined;
}

/** `.env.example`: every variable the dashboard reads, what it is for, and its default, all commented out. */
export function envExample(): string {
  const lines = [
    "# The dashboard's environment. Generated from lib/server/config/config-core.ts by `npm run env:example`; edit there.",
    '# Nothing set: the embedded sandbox, the embedded database under .data/, demo staff accounts.',
  ];
  for (const name of Object.keys(Env.shape) as EnvName[]) {
    lines.push('', `# ${ENV_HELP[name]}`, `# ${name}=${defaultOf(name) ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface DashboardConfig {
  environment: 'sandbox' | 'production';
  api: {
    baseUrl: string;
    authUrl: string;
    audience: string;
    clientId: string;
    clientSecret: string;
    verifyTokens: boolean;
    /** the request budget: at most this many API requests in any 60 s, every process together */
    requestsPerMinute: number;
  };
  authSecret: string;
  /** the AUTH_SECRET being rotated out: read second factors only, never signs or encrypts */
  previousAuthSecret: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionMaxAgeS: number;
  demoAccounts: boolean;
  /** company SSO (OpenID Connect), when its three variables are set */
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    name: string;
    /** acr values that prove a second factor (OIDC_ACR_VALUES); empty: the ID token's amr must name mfa */
    acrValues: string[];
  } | null;
  /** the dashboard's own public URL (NEXTAUTH_URL), when set */
  publicUrl: string | undefined;
  /** session cookie with `Secure` and the `__Secure-` prefix: the public URL is https */
  secureCookies: boolean;
  /** proxies in front of the dashboard that append to X-Forwarded-For (client-address.ts) */
  trustedProxyHops: number;
  /** the most reservations one CSV export may hold */
  exportMaxRows: number;
  /** how many dashboard processes the deployment runs side by side (DASHBOARD_PROCESSES) */
  processes: number;
  /** the background sync of the directory's copy: whether it runs, the most of the budget's minute it takes (%), and its turns' interval while anyone is signed in */
  directorySync: { enabled: boolean; sharePercent: number; activeIntervalMs: number };
  /** how long the activity log keeps its rows, and its sign-ins (days) */
  auditRetention: { days: number; signInDays: number };
  /** the mail server of notifications by e-mail (SMTP_URL, a secret) and their sender; null: console only */
  mail: { smtpUrl: string; from: string } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** In sandbox mode a missing AUTH_SECRET is generated once and kept under the data directory. */
function sandboxAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      // Another process created it first; use theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * What GUESTBOOK_ENV=production refuses to start with, each named: missing settings (among them
 * TRUSTED_PROXY_HOPS, which has a default elsewhere), plain-http
 * URLs (tokens, the client secret and session cookies would cross the network in clear), a
 * guessable AUTH_SECRET, and the sandbox's published demo credentials.
 */
function refuseUnsafeProduction(env: z.output<typeof Env>, source: Record<string, string | undefined>): void {
  const problems: string[] = [];
  const required = [
    'NEXTAUTH_URL',
    'GUESTBOOK_API_URL',
    'GUESTBOOK_CLIENT_ID',
    'GUESTBOOK_CLIENT_SECRET',
    'AUTH_SECRET',
  ] as const;
  const missing = required.filter((k) => !env[k]);
  if (missing.length) problems.push(`requires ${missing.join(', ')}`);
  for (const k of ['NEXTAUTH_URL', 'GUESTBOOK_API_URL', 'GUESTBOOK_AUTH_URL', 'OIDC_ISSUER'] as const) {
    if (env[k] && !env[k].startsWith('https://')) problems.push(`${k} must be an https:// URL (got ${env[k]})`);
  }
  if (env.AUTH_SECRET && !looksRandom(env.AUTH_SECRET)) {
    problems.push(
      'AUTH_SECRET does not look random: use at least 32 random characters, e.g. `openssl rand -base64 32`',
    );
  }
  if (env.AUTH_SECRET_PREVIOUS && env.AUTH_SECRET_PREVIOUS === env.AUTH_SECRET)
    problems.push('AUTH_SECRET_PREVIOUS is AUTH_SECRET: give AUTH_SECRET the new secret');
  for (const k of ['GUESTBOOK_API_URL', 'GUESTBOOK_AUTH_URL'] as const) {
    if (env[k] && isLoopback(env[k]))
      problems.push(`${k} must be the Guest Book API, not this machine (got ${env[k]}: the sandbox listens there)`);
  }
  if (env.DASHBOARD_DATABASE_URL && !verifiesTls(env.DASHBOARD_DATABASE_URL))
    problems.push(
      'DASHBOARD_DATABASE_URL must connect over TLS and check the server certificate: add sslmode=verify-full (and sslrootcert=<file> for a private CA)',
    );
  if (env.DEMO_ACCOUNTS === 'true') problems.push('DEMO_ACCOUNTS cannot be enabled');
  if (env.SMTP_URL && !source.MAIL_FROM?.trim())
    problems.push('requires MAIL_FROM with SMTP_URL: the sender of notification e-mails');
  // With 0 behind a proxy every client has the proxy's address and all share one sign-in limit;
  // too many hops, and a client names its own address: the operator must say which it is.
  if (source.TRUSTED_PROXY_HOPS === undefined || source.TRUSTED_PROXY_HOPS.trim() === '')
    problems.push(
      'requires TRUSTED_PROXY_HOPS: 0 when clients connect to the dashboard directly, or the number of proxies in front of it that append to X-Forwarded-For',
    );
  if (env.GUESTBOOK_CLIENT_ID === SANDBOX_DEFAULTS.clientId)
    problems.push('GUESTBOOK_CLIENT_ID is the sandbox demo client; set the real one');
  if (env.GUESTBOOK_CLIENT_SECRET === SANDBOX_DEFAULTS.clientSecret) {
    problems.push('GUESTBOOK_CLIENT_SECRET is the public sandbox demo secret; set the real one');
  }
  if (problems.length) throw new ConfigError(`GUESTBOOK_ENV=production: ${problems.join('; ')}`);
}

export function loadConfig(source: Record<string, string | undefined>): DashboardConfig {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  const oidcVars = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcSet = oidcVars.filter((k) => env[k]);
  if (oidcSet.length && oidcSet.length < oidcVars.length) {
    throw new ConfigError(
      `Company SSO needs ${oidcVars.join(', ')}; missing ${oidcVars.filter((k) => !env[k]).join(', ')}`,
    );
  }
  const production = env.GUESTBOOK_ENV === 'production';
  if (production) refuseUnsafeProduction(env, source);
  refuseUnsafeProcesses(env);
  const baseUrl = env.GUESTBOOK_API_URL ?? SANDBOX_DEFAULTS.apiUrl;
  const dataDir = path.resolve(env.DASHBOARD_DATA_DIR);
  return {
    environment: env.GUESTBOOK_ENV,
    api: {
      baseUrl,
      authUrl: env.GUESTBOOK_AUTH_URL ?? baseUrl,
      audience: env.GUESTBOOK_AUDIENCE ?? `${baseUrl}/`,
      clientId: env.GUESTBOOK_CLIENT_ID ?? SANDBOX_DEFAULTS.clientId,
      clientSecret: env.GUESTBOOK_CLIENT_SECRET ?? SANDBOX_DEFAULTS.clientSecret,
      verifyTokens: env.GUESTBOOK_VERIFY_TOKENS === 'true',
      requestsPerMinute: env.GUESTBOOK_REQUESTS_PER_MINUTE,
    },
    authSecret: env.AUTH_SECRET ?? sandboxAuthSecret(dataDir),
    previousAuthSecret: env.AUTH_SECRET_PREVIOUS,
    dataDir,
    databaseUrl: env.DASHBOARD_DATABASE_URL,
    sessionMaxAgeS: env.SESSION_MAX_AGE_S,
    demoAccounts: !production && env.DEMO_ACCOUNTS !== 'false',
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME,
            acrValues: env.OIDC_ACR_VALUES?.split(' ') ?? [],
          }
        : null,
    publicUrl: env.NEXTAUTH_URL,
    secureCookies: env.NEXTAUTH_URL?.startsWith('https://') ?? false,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    exportMaxRows: env.EXPORT_MAX_ROWS,
    processes: env.DASHBOARD_PROCESSES,
    directorySync: {
      enabled: env.DIRECTORY_SYNC === 'on',
      sharePercent: env.DIRECTORY_SYNC_SHARE_PERCENT,
      activeIntervalMs: env.DIRECTORY_SYNC_SECONDS * 1_000,
    },
    auditRetention: { days: env.AUDIT_RETENTION_DAYS, signInDays: env.SIGN_IN_RETENTION_DAYS },
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : null,
  };
}

/**
 * More than one process (DASHBOARD_PROCESSES > 1) needs what they must share set explicitly:
 * PostgreSQL (the embedded database is one process's file, and locks, the request budget and
 * sessions live in the database), AUTH_SECRET (a session signed by one must open on the other;
 * a generated one is per data directory) and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (a server action
 * rendered by one process must decrypt on the other; Next generates one per build otherwise).
 * That they are the same everywhere is checked against the running processes at start
 * (lib/server/ops/process-registry.ts).
 */
function refuseUnsafeProcesses(env: z.output<typeof Env>): void {
  if (env.DASHBOARD_PROCESSES === 1) return;
  const missing = (['DASHBOARD_DATABASE_URL', 'AUTH_SECRET', 'NEXT_SERVER_ACTIONS_ENCRYPTION_KEY'] as const).filter(
    (k) => !env[k],
  );
  if (missing.length) {
    const embedded = missing.includes('DASHBOARD_DATABASE_URL') ? ' (the embedded database serves one process)' : '';
    throw new ConfigError(`DASHBOARD_PROCESSES=${env.DASHBOARD_PROCESSES} requires ${missing.join(', ')}${embedded}`);
  }
}

let processConfig: DashboardConfig | undefined;

/** The configuration of this process, read from its environment once. */
export function configFromProcess(): DashboardConfig {
  processConfig ??= loadConfig(process.env);
  return processConfig;
}

/** The session cookie's name: `__Secure-` and `Secure` when the dashboard's public URL is https (required in production). */
export function sessionCookieName(config: Pick<DashboardConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/**
 * The cookie of the entity picked in the switcher: with an https public URL, `__Host-` (the
 * browser keeps it only when Secure, for this host alone and the whole path).
 */
export function entityCookieName(config: Pick<DashboardConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-gb_entity' : 'gb_entity';
}

/** The device cookie (device-cookie.ts): with an https public URL, `__Host-` as the entity cookie. */
export function deviceCookieName(config: Pick<DashboardConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-gb_device' : 'gb_device';
}
