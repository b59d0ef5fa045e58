/** Messages per field of a refused input, keyed by the field's path (`guest.email`; `_` for the input as a whole). */
export type FieldErrors = Record<string, string[]>;

/**
 * What every server action (lib/actions) and guarded route handler answers: its data, or a
 * refusal or failure with a message a person can act on, the fields in error, and for an
 * unexpected failure the id of its log line.
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      logId?: string;
      /** what the refusal is, for the page to act on (never shown): a hold that expired, say */
      reason?: string;
      /**
       * every call like this one is refused for now, not only this one (a limit or the request
       * budget: HTTP 429; the session or the role: 401, 403): a batch stops here
       */
      refusesAll?: true;
    };
