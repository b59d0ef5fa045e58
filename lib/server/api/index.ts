/**
 * The Guest Book API as the server reads it: the process-wide client (its token cache and the
 * request budget shared by every process) and a read's outcome for its page (`readApi`, `asOf`).
 * Server-only.
 */

export { getApiClient } from './guestbook';
export {
  COPY_FRESH_MS,
  canShowAnswerAge,
  oldestAsOf,
  readApi,
  reportCopyAge,
  reportStaleAnswer,
  type AsOf,
  type OldCopy,
  type ReadResult,
} from './read';
