/**
 * Unexpected failures, logged so that an operator can find and follow them, and so that nothing
 * a query or a request carried reaches the log: an error's message can hold a query's parameters
 * (a password hash, a guest's e-mail), so only its name, its code, its cause's name and code, and
 * the stack's frames are written, never a message.
 */
import { randomUUID } from 'node:crypto';

import { logger } from './logger';

export interface ErrorFacts {
  name: string;
  code?: string;
  cause?: { name: string; code?: string };
  frames: string[];
}

function codeOf(e: object): string | undefined {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? String(code).slice(0, 40) : undefined;
}

export function errorFacts(error: unknown): ErrorFacts {
  if (!(error instanceof Error)) return { name: typeof error, frames: [] };
  const cause = error.cause instanceof Error ? { name: error.cause.name, code: codeOf(error.cause) } : undefined;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at [^\s]/.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  return { name: error.name || error.constructor.name, code: codeOf(error), cause, frames };
}

/** Logs an unexpected failure of `scope` and returns the log id to show the user. */
export function logUnexpected(scope: string, error: unknown): string {
  const logId = randomUUID().slice(0, 8);
  const f = errorFacts(error);
  logger.error(
    { scope, logId, error: { name: f.name, code: f.code, cause: f.cause, frames: f.frames } },
    'unexpected failure',
  );
  return logId;
}
