/**
 * The Guest Book API as the server reads it: the process-wide client (its token cache and the
 * request budget shared by every process), a read's outcome for its page (`readApi`, `asOf`),
 * and the stored answers shared between requests. Server-only.
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
