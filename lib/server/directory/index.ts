/**
 * The partner's world as staff browse it: the partner identity, its entities (and the one a
 * member has selected, whose context requests are made in), venues, markets, delegates and
 * commitments, read from the dashboard's copy of them (copy-store.ts; kept by lib/server/sync, read
 * from the API the first time), which pages show with its age. Server-only.
 */

export {
  allDelegates,
  allOf,
  firstPagesOf,
  getDelegate,
  getVenue,
  listDelegates,
  listMarkets,
  listVenueCommitments,
  listVenues,
  nullOn404,
  venuesIn,
  toPage,
  type PageOf,
} from './directory';
export {
  apiFor,
  entityChanged,
  entityRead,
  findAssignedEntities,
  getEntity,
  knownPrograms,
  listEligibleCommitments,
  listEntities,
  otherFields,
  viewEntity,
  type ProgramOption,
} from './entities';
export {
  apiForChoice,
  contextKeyOf,
  findEntityChoice,
  getEntityApi,
  getSelectedEntity,
  listEntityChoices,
  readInSelectedContext,
  rememberSelectedEntity,
  selectedContextKey,
  type EntityChoice,
} from './entity-context';
export { getIdentity, getPartnerOverview } from './partner';
export { readCopy } from './copy-reads';
export { refreshCopies } from './copy-refresh';
export { COPY_RESOURCES, type CopyResource } from './copy-store';
export {
  resyncCopy,
  reviseStoredCopies,
  storeReadCopy,
  storedCopy,
  syncCopy,
  type BeforeRequest,
  type CopyEntity,
} from './copy-sync';
