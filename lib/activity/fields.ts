/**
 * What each field of an audit row's change means, for the Activity page to name it in the staff's
 * words: its label in the `activity.field` catalog, and how its values read. Plain TypeScript:
 * the page and the tests share it.
 *
 * A field is named by the action that recorded it first, then by a name every action means the
 * same by; a field no row records any more (a later build's, an older build's) keeps its name.
 */

/** How a field's values read: a code named in a catalog, a yes or no, a list, as recorded. */
export type ValueKind =
  | 'text'
  | 'yes-no'
  | 'on-off'
  | 'access'
  | 'role'
  | 'policy'
  | 'locale'
  | 'channel'
  | 'action'
  | 'result'
  | 'activity-kind'
  | 'list'
  /** a web address (an image's): a link, named in words, never its text */
  | 'address'
  /** a value among `codes`, each recorded literal with its key in `activity.value` */
  | 'code';

/** The keys of `activity.value`: the recorded words of the code, in the reader's language. */
export type ValueKey =
  | 'beingReplaced'
  | 'replaced'
  | 'signedOut'
  | 'forgotten'
  | 'issued'
  | 'entered'
  | 'releasedNothingBooked'
  | 'alreadyGone'
  | 'anotherTime'
  | 'formLeft'
  | 'pageLeft'
  | 'expiredBeforeBooking'
  | 'brandDefault'
  | 'chosenInForm'
  | 'changedMeanwhile'
  | 'stoppedPartWay'
  | 'completed'
  | 'stoppedEarly'
  | 'failed'
  | 'on'
  | 'off'
  | 'unallocatedOn'
  | 'unallocatedOff'
  | 'programAbsent'
  | 'notMeasuredYet';

export interface FieldMeaning {
  /** the key in `activity.field` */
  label: string;
  value: ValueKind;
  /** for `code`: each recorded value and its words */
  codes?: Readonly<Record<string, ValueKey>>;
  /** the value is Guest Book's own words, quoted as it sent them (a refusal's reason) */
  quoted?: true;
  /** what a side without the field means, said on that side (by default it shows the other side alone) */
  absent?: ValueKey;
  /** what a value recorded as null means, said instead of "none" */
  none?: ValueKey;
}

const field = (label: string, value: ValueKind = 'text', codes?: Record<string, ValueKey>): FieldMeaning => ({
  label,
  value,
  codes,
});

/** Names every action that records them means the same by. */
const COMMON: Readonly<Record<string, FieldMeaning>> = {
  email: field('email'),
  name: field('name'),
  role: field('role', 'role'),
  disabled: field('access', 'access'),
  ssoOnly: field('companySignInOnly', 'yes-no'),
  twoStep: field('twoStep', 'on-off'),
  enrolmentCode: field('enrolmentCode', 'code', { issued: 'issued', given: 'entered' }),
  policy: field('twoStepPolicy', 'policy'),
  members: field('members'),
  secondFactor: field('twoStep', 'code', { on: 'on', 'replacement started': 'beingReplaced', replaced: 'replaced' }),
  otherSessions: field('otherSessions', 'code', { ended: 'signedOut' }),
  deviceCookies: field('rememberedDevices', 'code', { ended: 'forgotten' }),
  org_id: field('organisation'),
  default_program_id: field('defaultProgram'),
  default_locale: field('defaultLanguage', 'locale'),
  programs: field('programs', 'list'),
  created_at: field('created'),
  updated_at: field('updated'),
  logo: field('logo'),
  url: field('imageAddress', 'address'),
  uploaded_at: field('uploaded'),
  content_type: field('fileType'),
  size_bytes: field('fileSize'),
  // Guest Book measures an image after it is uploaded: until then its dimensions are null.
  aspect_ratio: { ...field('aspectRatio'), none: 'notMeasuredYet' },
  width: { ...field('width'), none: 'notMeasuredYet' },
  height: { ...field('height'), none: 'notMeasuredYet' },
  status: field('status'),
  canceled_at: field('canceledAt'),
  date: field('date'),
  time: field('time'),
  party_size: field('partySize'),
  locale: field('guestLanguage', 'locale'),
  notes: field('notes'),
  'guest.first_name': field('guestFirstName'),
  'guest.last_name': field('guestLastName'),
  'guest.email': field('guestEmail'),
  'guest.phone': field('guestPhone'),
  venue_id: field('venue'),
  commitment_id: field('allocation'),
  expires_at: field('heldUntil'),
  hold_expires_at: field('heldUntil'),
  hold_id: field('hold'),
  query: field('search'),
  note: field('guestNote'),
  reservationId: field('writtenOn'),
  guestName: field('guest'),
  hiddenColumns: field('hiddenColumns', 'list'),
  pageSize: field('pageSize'),
  shared: field('sharedWithTeam', 'yes-no'),
  size: field('largePartySize'),
  rows: field('rows'),
};

const RELEASE_OUTCOMES: Record<string, ValueKey> = {
  'released without a booking': 'releasedNothingBooked',
  'already gone (used, expired or released); no booking made from this release': 'alreadyGone',
};
const RELEASE_REASONS: Record<string, ValueKey> = {
  'another time was chosen': 'anotherTime',
  'the form was left': 'formLeft',
  'the page was closed or left': 'pageLeft',
  'it expired before the booking was confirmed': 'expiredBeforeBooking',
};

/** Names that mean something else in these actions than in COMMON, or only there. */
const BY_ACTION: Readonly<Record<string, Readonly<Record<string, FieldMeaning>>>> = {
  'save-view': { name: field('viewName') },
  'start-team-change': { role: field('roleForAll', 'role'), disabled: field('accessForAll', 'access') },
  'apply-allocation': {
    status: field('outcome', 'code', { conflict: 'changedMeanwhile', failed: 'stoppedPartWay' }),
    phase: field('step'),
    entityId: field('refusedFor'),
    message: { ...field('guestBookAnswer'), quoted: true },
  },
  'replace-entity-programs': { value: field('programs', 'list') },
  'release-hold': {
    outcome: field('outcome', 'code', RELEASE_OUTCOMES),
    reason: field('why', 'code', RELEASE_REASONS),
  },
  'create-reservation': {
    locale_source: field('languageFrom', 'code', { 'entity default': 'brandDefault', chosen: 'chosenInForm' }),
  },
  'add-guest-tag': { tags: field('guestTags', 'list') },
  'remove-guest-tag': { tags: field('guestTags', 'list') },
  'set-guest-note': { tags: field('guestTags', 'list') },
  'add-reservation-tag': { tags: field('reservationTags', 'list') },
  'remove-reservation-tag': { tags: field('reservationTags', 'list') },
  'start-bulk-cancel': { reservations: field('reservationsToCancel') },
  'start-export': { reservations: field('reservationsInFile') },
  'export-activity': {
    kind: field('showing', 'activity-kind'),
    staff: field('member'),
    action: field('action', 'action'),
    result: field('result', 'result'),
    record: field('record'),
    from: field('from'),
    to: field('to'),
    rows: field('rowsExported'),
  },
  'export-reservations': {
    rows: field('rowsSent'),
    ended: field('ended', 'code', { completed: 'completed', cancelled: 'stoppedEarly', failed: 'failed' }),
  },
  'download-export': { rows: field('rowsInFile') },
};

/**
 * The fields of an apply's cells and a restore's sets, each a brand or channel's seats on one
 * commitment: `seats:<entity id>:<commitment id>`, named with the entity's name.
 */
export const SEATS_FIELD = /^seats:([0-9a-f-]{36}):([0-9a-f-]{36})$/;

/**
 * A program of a brand's or channel's programs, as a replace of them records it, named with the
 * program's name: `program:<program id>`, its value whether it has the unallocated seats.
 */
export const PROGRAM_FIELD = /^program:(.+)$/;

/** A program field's value in words: with or without the unallocated seats, or not among the programs. */
export const PROGRAM_ACCESS: FieldMeaning = {
  ...field('programOf', 'code', { on: 'unallocatedOn', off: 'unallocatedOff' }),
  absent: 'programAbsent',
};

type ProgramAccess = { program_id: string; unallocated_seat_access: boolean };

const isProgramAccess = (v: unknown): v is ProgramAccess =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as ProgramAccess).program_id === 'string' &&
  typeof (v as ProgramAccess).unallocated_seat_access === 'boolean';

/** The actions whose change is a list of seats, one field per brand or channel and commitment. */
const SEAT_LISTS = new Set(['apply-allocation', 'restore-allocation']);

/**
 * The notification kinds, recorded as the team's defaults' fields (`reservation.watched`): named
 * by the kinds' own catalog, their values channels.
 */
export const NOTIFICATION_DEFAULTS = 'set-notification-defaults';

/** Every meaning a field can have, for the test that each is in the catalogs. */
export const everyFieldMeaning = (): FieldMeaning[] => [
  PROGRAM_ACCESS,
  ...Object.values(COMMON),
  ...Object.values(BY_ACTION).flatMap((fields) => Object.values(fields)),
];

/** What `field` of a row of `action` means; null for a field the page names as recorded. */
export function fieldMeaning(action: string, name: string): FieldMeaning | null {
  return BY_ACTION[action]?.[name] ?? COMMON[name] ?? null;
}

/**
 * Fields shown in the record's JSON only: an apply's working state when it stopped (the conflicts
 * read, each brand or channel's state, the sets read before), too long to read in a line; the
 * hold a release names, which is the row's record already.
 */
export const DETAIL_ONLY: Readonly<Record<string, readonly string[]>> = {
  'apply-allocation': ['conflicts', 'holding', 'readBefore'],
  'release-hold': ['hold_id'],
};

type SeatCell = { commitmentId: string; entityId: string; seats: number };
type SeatSet = { entityId: string; data: { id: string; entity_seats: number }[] };

const isCell = (v: unknown): v is SeatCell =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as SeatCell).commitmentId === 'string' &&
  typeof (v as SeatCell).entityId === 'string' &&
  typeof (v as SeatCell).seats === 'number';
const isSet = (v: unknown): v is SeatSet =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as SeatSet).entityId === 'string' &&
  Array.isArray((v as SeatSet).data) &&
  (v as SeatSet).data.every((d) => d && typeof d.id === 'string' && typeof d.entity_seats === 'number');

/**
 * A side of a row as the page reads it: an apply's or a restore's list of seats becomes one field
 * per brand or channel and commitment (`seats:<entity>:<commitment>`), each its number of seats; a
 * replace of a brand's or channel's programs, one field per program (`program:<program>`), each
 * with or without the unallocated seats. Any other side as recorded.
 */
export function readableSide(action: string, side: unknown): unknown {
  if (action === 'replace-entity-programs' && Array.isArray(side) && side.every(isProgramAccess))
    return Object.fromEntries(side.map((p) => [`program:${p.program_id}`, p.unallocated_seat_access ? 'on' : 'off']));
  if (!SEAT_LISTS.has(action) || !Array.isArray(side)) return side;
  if (side.every(isCell))
    return Object.fromEntries(side.map((c) => [`seats:${c.entityId}:${c.commitmentId}`, c.seats]));
  if (side.every(isSet))
    return Object.fromEntries(side.flatMap((s) => s.data.map((d) => [`seats:${s.entityId}:${d.id}`, d.entity_seats])));
  return side;
}
