import 'server-only';

import { sql } from 'drizzle-orm';

import { GuestbookApiError } from '../../guestbook';
import { getApiClient } from '../api';
import { getConfig } from '../config';
import { getDb } from '../db';
import { processWide } from '../process-wide';
import { isDraining } from './lifecycle';

export type CheckName = 'database' | 'token_service' | 'api' | 'shutdown';

/** A check's outcome: `ok`, or what failed in a few words (a status or a transport code, never an error's message or an address). */
export type Checks = Partial<Record<CheckName, string>>;

const CHECK_TIMEOUT_MS = 5_000;
/** Readiness probes within this span share one answer: each costs one API request from the budget. */
const REUSE_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref?.()),
  ]);
}

function failure(error: unknown): string {
  if (error instanceof GuestbookApiError)
    return error.status ? `status ${error.status}` : (error.code ?? 'unreachable');
  if (error instanceof Error && error.message === 'timeout') return 'timeout';
  return 'unreachable';
}

async function check(run: () => Promise<void>): Promise<string> {
  try {
    await withTimeout(run(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch (error) {
    return failure(error);
  }
}

async function runChecks(): Promise<Checks> {
  const { api } = getConfig();
  const [database, tokenService, apiCheck] = await Promise.all([
    check(async () => {
      await (await getDb()).execute(sql`select 1`);
    }),
    // The token service's public key set: it answers, and no credential is spent.
    check(async () => {
      const res = await fetch(`${api.authUrl}/.well-known/jwks.json`, {
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (!res.ok) throw new GuestbookApiError({ status: res.status, method: 'GET', path: '/.well-known/jwks.json' });
    }),
    check(async () => {
      try {
        await getApiClient().withSignal(AbortSignal.timeout(CHECK_TIMEOUT_MS)).getMe();
      } catch (error) {
        // The budget or the API asking to wait is an API that answers.
        if (error instanceof GuestbookApiError && error.status === 429) return;
        throw error;
      }
    }),
  ]);
  return { database, token_service: tokenService, api: apiCheck };
}

const lastChecks = () =>
  processWide('the last readiness checks, reused for a few seconds', () => ({
    last: undefined as { at: number; checks: Promise<Checks> } | undefined,
  }));

/** The readiness checks, shared by the probes of the last few seconds; `shutdown` fails once the process drains. */
export async function readiness(now = Date.now()): Promise<{ ready: boolean; checks: Checks; failing: CheckName[] }> {
  const reused = lastChecks();
  if (!reused.last || now - reused.last.at > REUSE_MS) reused.last = { at: now, checks: runChecks() };
  const checks: Checks = { ...(await reused.last.checks) };
  if (isDraining()) checks.shutdown = 'draining';
  const failing = (Object.keys(checks) as CheckName[]).filter((k) => checks[k] !== 'ok');
  return { ready: failing.length === 0, checks, failing };
}
