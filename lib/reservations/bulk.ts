/**
 * The most rows one bulk action takes on: more is a search to narrow first. The browser stops a
 * selection at it, and the server holds every member to it (CANCEL_LIMIT in
 * lib/server/http/member-limits.ts: no more cancels an hour, one by one or in bulk).
 */
export const BULK_MAX_ROWS = 500;
