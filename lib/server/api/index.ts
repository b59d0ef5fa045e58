/**
 * The Guest Book API as the server reads it: the process-wide client (its token cache and the
 * request budget shared by every process), a read's outcome for its page (`readApi`, `asOf`),
 * the stored answers shared between requests, and reads started with a guessed value.
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
export { readWithGuess } from './read-ahead';
export {
  SHARED,
  contextRead,
  forgetSharedReads,
  getSharedReads,
  reviseSharedReads,
  seedSharedRead,
  sharedRead,
  storeSharedRead,
} from './shared-reads';
