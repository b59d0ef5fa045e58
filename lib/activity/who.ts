/**
 * The names the activity log records for who acted when no member did: the page says them in its
 * reader's words (`activity.who`), the export keeps them as recorded.
 */

/** A sign-in whose identifier is no account's e-mail (what was typed is never kept). */
export const UNKNOWN_ACCOUNT = 'unknown account';
/** A change made with `npm run staff` on the server. */
export const COMMAND_LINE = 'staff command line';

const WHO_KEYS = { [UNKNOWN_ACCOUNT]: 'unknownAccount', [COMMAND_LINE]: 'commandLine' } as const;

/** The key in `activity.who` of a recorded name that is no member's e-mail, or null. */
export const whoKey = (recorded: string): (typeof WHO_KEYS)[keyof typeof WHO_KEYS] | null =>
  recorded in WHO_KEYS ? WHO_KEYS[recorded as keyof typeof WHO_KEYS] : null;
