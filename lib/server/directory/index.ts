/**
 * The partner's world as staff browse it: the partner identity, its entities (and the one a
 * member has selected, whose context requests are made in), venues, markets, delegates and
 * commitments. Server-only.
 */

export {
  allOf,
  firstPagesOf,
  getDelegate,
  getVenue,
  listDelegates,
  listMarkets,
  listVenueCommitments,
  listVenues,
  nullOn404,
  toPage,
  type PageOf,
} from './directory';
export {
  apiFor,
  entityChanged,
  findAssignedEntities,
  getEntity,
  knownPrograms,
  lastEntityList,
  listEligibleCommitments,
  listEntities,
  otherFields,
  viewEntity,
  type ProgramOption,
} from './entities';
export {
  apiForChoice,
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
