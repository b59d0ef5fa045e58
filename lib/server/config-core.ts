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

/** The demo world's partner credentials (lib/sandbox/seed). Refused in production. */
export const SANDBOX_DEFAULTS = {
  apiUrl: 'http://127.0.0.1:4010',
  clientId: 'gb_partner_demo',
  clientSecret: 'sandbox-partner-demo-secret',
} as const;

const Url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));

const Env = z.object({
  GUESTBOOK_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  GUESTBOOK_API_URL: Url.optional(),
  GUESTBOOK_AUTH_URL: Url.optional(),
  GUESTBOOK_AUDIENCE: z.string().min(1).optional(),
  GUESTBOOK_CLIENT_ID: z.string().min(1).optional(),
  GUESTBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  GUESTBOOK_VERIFY_TOKENS: z.enum(['true', 'false']).optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  DASHBOARD_DATA_DIR: z.string().min(1).default('.data/dashboard'),
  DASHBOARD_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  SESSION_MAX_AGE_S: z.coerce
    .number()
    .int()
    .min(300)
    .max(7 * 24 * 3600)
    .default(8 * 3600),
  DEMO_ACCOUNTS: z.enum(['true', 'false']).optional(),
  OIDC_ISSUER: Url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('Company SSO'),
  NEXTAUTH_URL: Url.optional(),
  DASHBOARD_PROCESSES: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(64)
    .default(1),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z
    .string()
    .refine((k) => [16, 24, 32].includes(Buffer.from(k, 'base64').length) && /^[A-Za-z0-9+/]+=*$/.test(k), {
      error: 'must be a base64 AES key of 16, 24 or 32 bytes, e.g. `openssl rand -base64 32`',
    })
    .optional(),
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0)
    .max(10)
    .default(0),
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(50_000),
});

export interface DashboardConfig {
  environment: 'sandbox' | 'production';
  api: {
    baseUrl: string;
    authUrl: string;
    audience: string;
    clientId: string;
    clientSecret: string;
    verifyTokens: boolean;
  };
  authSecret: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionMaxAgeS: number;
  demoAccounts: boolean;
  /** company SSO (OpenID Connect), when its three variables are set */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
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
    mkdirSync(dataDir, { recursive: true });
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
 * What GUESTBOOK_ENV=production refuses to start with, each named: missing settings, plain-http
 * URLs (tokens, the client secret and session cookies would cross the network in clear), a
 * guessable AUTH_SECRET, and the sandbox's published demo credentials.
 */
function refuseUnsafeProduction(env: z.output<typeof Env>): void {
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
  if (env.DEMO_ACCOUNTS === 'true') problems.push('DEMO_ACCOUNTS cannot be enabled');
  if (env.GUESTBOOK_CLIENT_ID === SANDBOX_DEFAULTS.clientId)
    problems.push('GUESTBOOK_CLIENT_ID is the sandbox demo client; set the real one');
  if (env.GUESTBOOK_CLIENT_SECRET === SANDBOX_DEFAULTS.clientSecret) {
    problems.push('GUESTBOOK_CLIENT_SECRET is the public sandbox demo secret; set the real one');
  }
  if (problems.length) throw new ConfigError(`GUESTBOOK_ENV=production: ${problems.join('; ')}`);
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
  if (production) refuseUnsafeProduction(env);
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
    },
    authSecret: env.AUTH_SECRET ?? sandboxAuthSecret(dataDir),
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
          }
        : null,
    publicUrl: env.NEXTAUTH_URL,
    secureCookies: env.NEXTAUTH_URL?.startsWith('https://') ?? false,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    exportMaxRows: env.EXPORT_MAX_ROWS,
    processes: env.DASHBOARD_PROCESSES,
  };
}

/**
 * More than one process (DASHBOARD_PROCESSES > 1) needs what they must share set explicitly:
 * PostgreSQL (the embedded database is one process's file, and locks, the request budget and
 * sessions live in the database), AUTH_SECRET (a session signed by one must open on the other;
 * a generated one is per data directory) and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (a server action
 * rendered by one process must decrypt on the other; Next generates one per build otherwise).
 * That they are the same everywhere is checked against the running processes at start
 * (lib/server/process-registry.ts).
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
