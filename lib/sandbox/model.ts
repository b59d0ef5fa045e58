import type { LocaleCode } from '../guestbook/locales';
import type { Scope } from '../guestbook/token-schemas';

/** The records the sandbox keeps. Field names follow the API where the API has a name. */
export interface CredentialRecord {
  client_id: string;
  /** sha256 of the client secret; the secret itself is never stored */
  secret_sha256: string;
  identity_id: string;
  scopes: Scope[];
  token_lifetime_seconds: number;
  rate_limit_per_minute: number;
}

export interface IdentityRecord {
  id: string;
  type: 'partner' | 'delegate';
  name: string;
  client_id: string;
  /** when suspended, and by whom; a delegate of a suspended partner also reads as suspended by "parent" */
  suspended_at: string | null;
  suspension_source: 'self' | 'parent' | null;
  default_entity_id: string;
  /** entities assigned to this identity */
  entity_ids: string[];
  parent_identity_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface EntityProgramRecord {
  program_id: string;
  unallocated_seat_access: boolean;
}

export interface LogoRecord {
  url: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  aspect_ratio: number | null;
  uploaded_at: string;
  /** the dimensions read from the file, published once "processing" is over */
  pending: { width: number; height: number } | null;
}

export interface EntityRecord {
  id: string;
  name: string;
  org_id: string | null;
  active: boolean;
  default_program_id: string | null;
  default_locale: LocaleCode;
  programs: EntityProgramRecord[];
  logo: LogoRecord | null;
  created_at: string;
  updated_at: string;
}

export interface ProgramRecord {
  id: string;
  name: string;
}

export interface AgreementRecord {
  id: string;
  name: string;
  ended_at: string | null;
}

export interface CommitmentRecord {
  id: string;
  venue_id: string;
  program_id: string;
  agreement_id: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  total_seats: number;
  /**
   * The venue's seating area the commitment's seats are in, or null when it is not scoped to one
   * (absent in worlds stored before commitments could be scoped: null)
   */
  seating_area_id?: string | null;
  /** seats per entity frozen when the agreement ended */
  snapshot: Record<string, number> | null;
}

export interface AllocationRecord {
  entity_id: string;
  commitment_id: string;
  entity_seats: number;
}

export interface AddressRecord {
  line1: string;
  line2: string | null;
  city: string;
  postal_code: string;
  country: string;
}

export interface VenueRecord {
  id: string;
  name: string;
  market_id: string;
  time_zone: string;
  address: AddressRecord | null;
  seating_areas: { id: string; name: string; description: string | null }[];
}

export interface MarketRecord {
  id: string;
  name: string;
  country: string;
}

export interface GuestRecord {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}

export interface ReservationRecord {
  id: string;
  entity_id: string;
  venue_id: string;
  commitment_id: string | null;
  program_id: string | null;
  seating_area_id: string | null;
  status: string;
  date: string;
  time: string;
  party_size: number;
  guest: GuestRecord;
  notes: string | null;
  locale: LocaleCode;
  created_at: string;
  updated_at: string;
  canceled_at: string | null;
  /** when the reminder e-mail went out (not part of the API's Reservation) */
  reminder_sent_at?: string | null;
}

export interface HoldRecord {
  id: string;
  entity_id: string;
  venue_id: string;
  commitment_id: string | null;
  program_id: string | null;
  seating_area_id: string | null;
  date: string;
  time: string;
  party_size: number;
  expires_at: string;
  consumed: boolean;
}

/** An allocation change recorded by PUT /v2/commitments. */
export interface AuditEventRecord {
  id: string;
  /** order of recording (timestamps can tie) */
  seq: number;
  at: string;
  client_id: string;
  entity_id: string;
  action: string;
  commitment_id?: string;
  before?: number | null;
  after?: number | null;
}

export interface EmailRecord {
  id: string;
  at: string;
  kind: 'confirmation' | 'reminder' | 'cancellation' | 'modification';
  to: string;
  locale: string;
  reservation_id: string;
  subject: string;
}

export interface SigningKeyRecord {
  kid: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: string;
}

/** The whole state of one sandbox, collection by collection. */
export interface WorldData {
  credentials: Map<string, CredentialRecord>;
  identities: Map<string, IdentityRecord>;
  entities: Map<string, EntityRecord>;
  programs: Map<string, ProgramRecord>;
  agreements: Map<string, AgreementRecord>;
  commitments: Map<string, CommitmentRecord>;
  allocations: Map<string, AllocationRecord>;
  venues: Map<string, VenueRecord>;
  markets: Map<string, MarketRecord>;
  reservations: Map<string, ReservationRecord>;
  holds: Map<string, HoldRecord>;
  audit: Map<string, AuditEventRecord>;
  outbox: Map<string, EmailRecord>;
  keys: Map<string, SigningKeyRecord>;
  settings: Map<string, { id: string; value: unknown }>;
  /** uploaded files (logos), base64 */
  files: Map<string, { id: string; content_type: string; base64: string }>;
}

export type CollectionName = keyof WorldData;
export const COLLECTIONS: readonly CollectionName[] = [
  'credentials',
  'identities',
  'entities',
  'programs',
  'agreements',
  'commitments',
  'allocations',
  'venues',
  'markets',
  'reservations',
  'holds',
  'audit',
  'outbox',
  'keys',
  'settings',
  'files',
];

export function emptyWorld(): WorldData {
  return Object.fromEntries(COLLECTIONS.map((c) => [c, new Map()])) as unknown as WorldData;
}

export const allocationKey = (entityId: string, commitmentId: string) => `${entityId}:${commitmentId}`;
