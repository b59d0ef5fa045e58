import 'server-only';

import { z } from 'zod';

import { hasRole, type StaffRole } from '@/lib/auth/roles';
import { said, saidList, translateSaid, validationSaid, type Said, type Translate } from '@/lib/i18n/said';
import { hasKey, inEnglish, translatorFor } from '@/lib/i18n/translator';

import type { ActionResult, FieldErrors } from '../../actions/result';
import { GuestbookApiError } from '../../guestbook';
import { recordAudit } from '../audit';
import { verifySession, WeakPasswordError, type StaffSession } from '../auth';
import { countAttempt } from '../auth/login-limiter';
import { setRequestTicket, type RequestLane } from '../budget';
import { changesOfAction, writeWithChanges } from '../changes';
import { getDb } from '../db';
import { logUnexpected } from '../log';
import { describeApiError } from './api-errors';
import { getUiLocale } from './locale';
import { memberLimitKey, memberLimitMessage, type CountedLimit, type MemberLimit } from './member-limits';
import { crossSiteProblem } from './same-origin';
import { STATIC_SECURITY_HEADERS } from './security-headers';

export type { ActionResult, FieldErrors };

/** Field errors before they are put in the reader's language, keyed as FieldErrors are. */
export type SaidFieldErrors = Record<string, Said[]>;

/**
 * An expected failure with a message a person can act on (and optional field errors), said by
 * its catalog key: the boundary writes it in the member's language, and its audit row in English.
 */
export class ActionError extends Error {
  constructor(
    readonly said: Said,
    readonly fieldErrors?: SaidFieldErrors,
    /** the HTTP status a route handler answers with (422 unless set) */
    readonly status = 422,
    /** what the refusal is, for the page to act on (ActionResult's `reason`) */
    readonly reason?: string,
  ) {
    super(translateSaid(inEnglish, said));
    this.name = 'ActionError';
  }
}

/** Input refused before it is parsed, with its HTTP status (a body over the size limit: 413). */
export class InputRefused extends Error {
  constructor(
    readonly said: Said,
    readonly status: number,
  ) {
    super(translateSaid(inEnglish, said));
    this.name = 'InputRefused';
  }
}

export type AuditResult = 'ok' | 'refused' | 'failed';

export interface AuditTarget {
  entityId?: string | null;
  resourceType?: string;
  resourceId?: string | null;
  /** the records the action is about besides resourceId (a grid's apply: its commitments) */
  recordIds?: readonly string[];
  before?: unknown;
  after?: unknown;
}

export interface ActionContext {
  staff: StaffSession;
  /** what the audit row of this action records; call as soon as the target is known */
  setAuditTarget(target: AuditTarget): void;
  /**
   * For a handler whose work goes on after it returns (a streamed download): the audit row is
   * then written by calling the function returned, once, when the work ends.
   */
  auditLater(): (result: AuditResult, said: Said | null) => Promise<void>;
}

export interface ActionDefinition<S extends z.ZodType> {
  /** verb-noun, e.g. "cancel-reservation"; names the action in the audit log */
  name: string;
  role: StaffRole;
  input: S;
  /** a mutating action leaves exactly one audit row, whatever the outcome */
  mutates: boolean;
  /** one audit row whatever the outcome though nothing changes (a bulk export of guest data) */
  audited?: boolean;
  /**
   * the budget lane of the API requests it makes: a write (and the reads it needs) goes first, a
   * read the browser makes on its own (a poll, a read-ahead, a suggestion) is background work.
   * Default: 'write' for a mutating action, else 'view'.
   */
  lane?: RequestLane;
  /** the one action open to a member who still has to replace a one-time password */
  allowedBeforePasswordChange?: boolean;
  /** open to a member the second-factor policy sends to enrol first (the enrolment's own actions) */
  allowedBeforeSecondFactor?: boolean;
  /**
   * at most so many calls per member in a window (member-limits.ts), counted once the input is
   * valid; or, as a function, the limits this input counts against (none for an input that
   * changes nothing they cover)
   */
  memberLimit?: MemberLimit | ((input: z.output<S>, staffId: string) => CountedLimit[]);
}

/**
 * A refused input's messages per field, in the reader's language: a schema's own message (`validationMessage()`)
 * is translated, any other (zod's, for a shape only a hand-made call gets wrong) kept as it is.
 */
export function fieldErrorsOf(error: z.ZodError, t: Translate = inEnglish): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const message = validationSaid(issue.message, hasKey);
    (out[key] ??= []).push(message ? translateSaid(t, message) : issue.message);
  }
  return out;
}

const translateFieldErrors = (t: Translate, fe: SaidFieldErrors | undefined): FieldErrors | undefined =>
  fe && Object.fromEntries(Object.entries(fe).map(([k, list]) => [k, list.map((m) => translateSaid(t, m))]));

const summarize = (fe: FieldErrors) =>
  Object.entries(fe)
    .map(([k, v]) => (k === '_' ? v.join('; ') : `${k}: ${v.join('; ')}`))
    .join('; ');

/**
 * A refused input as the activity log says it, in each reader's language: what the schemas said,
 * each once, without the code's names of the fields; a message of no catalog's (a shape only a
 * hand-made call gets wrong) is said as such. (The answer to the call names each field as the
 * code does: its caller, a form or a program, finds the field by it.)
 */
function inputRefusalSaid(error: z.ZodError): Said {
  const messages = new Map<string, Said>();
  for (const issue of error.issues) {
    const message = validationSaid(issue.message, hasKey) ?? said('errors.input.shape');
    messages.set(JSON.stringify(message), message);
  }
  return said('errors.input.check', { summary: saidList([...messages.values()], 'errors.input.separator') });
}

/** The limits an action's input counts against: its member limit, or those its function names. */
function countedLimits<S extends z.ZodType>(
  limit: ActionDefinition<S>['memberLimit'],
  input: z.output<S>,
  staffId: string,
): CountedLimit[] {
  if (!limit) return [];
  if (typeof limit === 'function') return limit(input, staffId);
  return [{ key: memberLimitKey(limit, staffId), limit, message: (at) => memberLimitMessage(limit, at) }];
}

/**
 * The one way to write a server action: authenticate, check the staff role, validate the input
 * with the shared zod schema, run, audit, and turn every failure into a typed result. Every
 * server action is a public POST endpoint; nothing reaches `handler` that skipped these checks.
 */
export function staffAction<S extends z.ZodType, T>(
  def: ActionDefinition<S>,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (rawInput) => {
    const result = await runStaffOperation(def, async () => rawInput, handler);
    if (result.ok) return result;
    const { status, ...failure } = result;
    return status === 401 || status === 403 || status === 429 ? { ...failure, refusesAll: true } : failure;
  };
}

export interface RouteDefinition<S extends z.ZodType> extends ActionDefinition<S> {
  /** a GET too must come from the dashboard's own pages (Sec-Fetch-Site), not a link on another site */
  sameOriginGet?: boolean;
}

/**
 * The same guard for a route handler (used where a server action cannot serve, such as an
 * upload that reports progress or a streamed download), in this order: the request must come
 * from the dashboard's own pages (every non-GET, and a GET when `sameOriginGet`), then the
 * session and the role, and only then is `readInput` called (the body read), validated and
 * handled. Answers 401/403/413/422/4xx/500 with the ActionResult as JSON, and success with the
 * handler's Response when it returns one.
 */
export function staffRoute<S extends z.ZodType, T, A extends unknown[]>(
  def: RouteDefinition<S>,
  readInput: (request: Request, ...rest: A) => Promise<unknown>,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const crossSite = crossSiteProblem(request.headers, request.method, def.sameOriginGet ?? false);
    const result = await runStaffOperation(def, () => readInput(request, ...rest), handler, crossSite);
    // A handler may answer with its own response (a streamed download) once the guard has passed.
    const response =
      result.ok && result.data instanceof Response
        ? result.data
        : Response.json(
            result.ok
              ? { ok: true, data: result.data }
              : { ok: false, error: result.error, fieldErrors: result.fieldErrors, logId: result.logId },
            { status: result.ok ? 200 : result.status },
          );
    // Route handlers answer outside the proxy (so that a body is not buffered for it): the headers it would set.
    for (const [k, v] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(k, v);
    return response;
  };
}

/** An ActionResult with the HTTP status a route handler answers a failure with. */
export type Outcome<T> =
  Extract<ActionResult<T>, { ok: true }> | (Extract<ActionResult<T>, { ok: false }> & { status: number });

async function runStaffOperation<S extends z.ZodType, T>(
  def: ActionDefinition<S>,
  readInput: () => Promise<unknown>,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
  crossSite: Said | null = null,
): Promise<Outcome<T>> {
  const [staff, t] = await Promise.all([verifySession(), getUiLocale().then(translatorFor)]);
  if (!staff) return { ok: false, error: t('errors.session.ended'), status: 401 };
  return runForStaff(def, staff, t, readInput, handler, crossSite);
}

/**
 * The guard after the session: the role, the input, the member's limits, the handler, the audit.
 * A request's member comes from its session (runStaffOperation); a job run on the server for a
 * member (lib/server/bulk-jobs) passes the member as re-read from the staff store, and the
 * translator of the job's language. Either way the same checks run, and every row is audited.
 */
export async function runForStaff<S extends z.ZodType, T>(
  def: ActionDefinition<S>,
  staff: StaffSession,
  t: Translate,
  readInput: () => Promise<unknown>,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
  crossSite: Said | null = null,
): Promise<Outcome<T>> {
  setRequestTicket({ member: staff.id, lane: def.lane ?? (def.mutates ? 'write' : 'view') });

  let target: AuditTarget = {};
  const audit = async (result: AuditResult, message: string | null, said: Said | null = null) => {
    if (!def.mutates && !def.audited) return;
    // The change events of the write (lib/server/changes), in the audit row's transaction.
    const changes = changesOfAction({ action: def.name, result, ...target, staff });
    await writeWithChanges(changes, (tx) =>
      recordAudit(
        {
          staffId: staff.id,
          staffEmail: staff.email,
          action: def.name,
          entityId: target.entityId,
          resourceType: target.resourceType,
          resourceId: target.resourceId,
          recordIds: target.recordIds,
          before: target.before,
          after: target.after,
          result,
          message,
          said,
        },
        tx,
      ),
    );
  };
  /** A refusal: audited in English, answered in the member's language. */
  const refuse = async (why: Said, status: number, fieldErrors?: SaidFieldErrors): Promise<Outcome<T>> => {
    await audit('refused', translateSaid(inEnglish, why), why);
    return { ok: false, error: translateSaid(t, why), fieldErrors: translateFieldErrors(t, fieldErrors), status };
  };

  if (crossSite) return refuse(crossSite, 403);

  if (staff.mustChangePassword && !def.allowedBeforePasswordChange)
    return refuse(said('errors.session.passwordFirst'), 403);

  if (staff.mustEnrolSecondFactor && !def.allowedBeforeSecondFactor)
    return refuse(said('errors.session.secondFactorFirst'), 403);

  if (!hasRole(staff.role, def.role)) {
    return refuse(
      said('errors.session.needsRole', {
        needed: said(`team.roleLabel.${def.role}`),
        role: said(`team.roleLabel.${staff.role}`),
      }),
      403,
    );
  }

  let rawInput: unknown;
  try {
    rawInput = await readInput();
  } catch (e) {
    if (e instanceof InputRefused) return refuse(e.said, e.status);
    // Unreadable input is refused by the schema below, naming what is missing.
    rawInput = undefined;
  }
  const parsed = def.input.safeParse(rawInput);
  if (!parsed.success) {
    const why = inputRefusalSaid(parsed.error);
    await audit('refused', translateSaid(inEnglish, why), why);
    const fieldErrors = fieldErrorsOf(parsed.error, t);
    return { ok: false, error: t('errors.input.check', { summary: summarize(fieldErrors) }), fieldErrors, status: 422 };
  }

  for (const { key, limit, message } of countedLimits(def.memberLimit, parsed.data, staff.id)) {
    const counted = await countAttempt(await getDb(), key, limit);
    if (!counted.allowed) return refuse(message(counted.retryAt), 429);
  }

  try {
    let deferred = false;
    const auditLater = () => {
      deferred = true;
      let written = false;
      return async (result: AuditResult, said: Said | null) => {
        if (written) return;
        written = true;
        await audit(result, said && translateSaid(inEnglish, said), said);
      };
    };
    const data = await handler(parsed.data, {
      staff,
      setAuditTarget: (t) => (target = { ...target, ...t }),
      auditLater,
    });
    if (!deferred) await audit('ok', null);
    return { ok: true, data };
  } catch (thrown) {
    // A chosen password the staff store refuses (every path that sets one): named on its field.
    const e =
      thrown instanceof WeakPasswordError
        ? new ActionError(said('errors.weakPassword.form', { reason: thrown.reason }), {
            password: [said('errors.weakPassword.field', { reason: thrown.reason })],
          })
        : thrown;
    if (e instanceof ActionError) {
      await audit('failed', e.message, e.said);
      return {
        ok: false,
        error: translateSaid(t, e.said),
        fieldErrors: translateFieldErrors(t, e.fieldErrors),
        ...(e.reason && { reason: e.reason }),
        status: e.status,
      };
    }
    if (e instanceof GuestbookApiError) {
      const { said: why, fieldErrors } = describeApiError(e);
      await audit('failed', translateSaid(inEnglish, why), why);
      return {
        ok: false,
        error: translateSaid(t, why),
        fieldErrors,
        status: e.status >= 400 && e.status < 500 ? e.status : 502,
      };
    }
    const logId = logUnexpected(`action ${def.name}`, e);
    const unexpected = said('errors.input.unexpected', { logId });
    await audit('failed', translateSaid(inEnglish, unexpected), unexpected).catch(() => undefined);
    return { ok: false, error: translateSaid(t, unexpected), logId, status: 500 };
  }
}
