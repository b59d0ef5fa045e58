/**
 * Filter modifiers of API v2 list endpoints: `attribute[modifier]=value`, no modifier meaning `eq`.
 *
 * One grammar for three users: the client builds query strings from typed conditions, the
 * dashboard parses them back from its own URL (so a search is a shareable link), and the sandbox
 * parses incoming requests with the same rules (so both reject the same malformed input).
 */
import { said, type CatalogKey, type Said, type SaidValue } from '../i18n/said';
import { UUID_RE } from './ids';
import { LOCALE_CODES } from './locales';
import { RESERVATION_STATUSES } from './reservation-statuses';

export const MODIFIERS = ['eq', 'neq', 'in', 'nin', 'gte', 'lte'] as const;
export type Modifier = (typeof MODIFIERS)[number];

export type FieldType = 'string' | 'enum' | 'uuid' | 'date' | 'timestamp' | 'integer';

export interface FieldSpec {
  type: FieldType;
  /** the allowed values of an `enum` field (what staff call a field is in the catalogs: reservations.filters) */
  values?: readonly string[];
}
export type FilterSchema = Readonly<Record<string, FieldSpec>>;

export type FilterValue = string | number;
export interface Condition {
  attribute: string;
  modifier: Modifier;
  /** an array for `in` / `nin`, a single value otherwise */
  value: FilterValue | FilterValue[];
}

/** Which modifiers make sense for a field type: ranges only where values are ordered. */
export const MODIFIERS_BY_TYPE: Readonly<Record<FieldType, readonly Modifier[]>> = {
  string: ['eq', 'neq', 'in', 'nin'],
  enum: ['eq', 'neq', 'in', 'nin'],
  uuid: ['eq', 'neq', 'in', 'nin'],
  date: MODIFIERS,
  timestamp: MODIFIERS,
  integer: MODIFIERS,
};

export const isListModifier = (m: Modifier): m is 'in' | 'nin' => m === 'in' || m === 'nin';

/** The reservation filters the sandbox accepts (the spec names status, date, created_at "at least"). */
export const RESERVATION_FILTERS = {
  status: { type: 'enum', values: RESERVATION_STATUSES },
  date: { type: 'date' },
  created_at: { type: 'timestamp' },
  venue_id: { type: 'uuid' },
  program_id: { type: 'uuid' },
  party_size: { type: 'integer' },
  locale: { type: 'enum', values: LOCALE_CODES },
  guest_email: { type: 'string' },
  guest_last_name: { type: 'string' },
} as const satisfies FilterSchema;

export const VENUE_FILTERS = {
  market_id: { type: 'uuid' },
  name: { type: 'string' },
} as const satisfies FilterSchema;

export const MARKET_FILTERS = { name: { type: 'string' } } as const satisfies FilterSchema;

export const ENTITY_FILTERS = {
  name: { type: 'string' },
  default_locale: { type: 'enum', values: LOCALE_CODES },
} as const satisfies FilterSchema;

/**
 * A condition that cannot be expressed or understood, with the attribute it concerns. `message`
 * is in English (the sandbox answers with it, as the API would); `said` is the same for a person,
 * to be put in their language (the reservations page, its search and export routes).
 */
export class FilterError extends Error {
  constructor(
    readonly attribute: string,
    message: string,
    readonly said: Said,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}

/** The problems a filter can have, by their key in `reservations.errors.filter`. */
type FilterProblem = CatalogKey extends infer K
  ? K extends `reservations.errors.filter.${infer P}`
    ? P
    : never
  : never;

/** A FilterError: the API's English words, and the same problem said by its key, the attribute among its values. */
const problem = (attribute: string, english: string, key: FilterProblem, values: Record<string, SaidValue> = {}) =>
  new FilterError(attribute, english, said(`reservations.errors.filter.${key}`, { attribute, ...values }));

const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIMESTAMP_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z$/;
const INTEGER_RE = /^-?\d{1,15}$/;
const MAX_VALUE_LENGTH = 200;
const MAX_LIST_ITEMS = 100;

function isRealDate(s: string): boolean {
  const d = new Date(`${s.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.slice(0, 10);
}

/** Checks one scalar against its field type; returns the canonical value or throws FilterError. */
function checkScalar(attribute: string, spec: FieldSpec, raw: FilterValue): FilterValue {
  const s = typeof raw === 'number' ? String(raw) : raw;
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw problem(attribute, `${attribute}: value must be a string or a number`, 'valueType');
  }
  if (s.length === 0) throw problem(attribute, `${attribute}: value is empty`, 'empty');
  if (s.length > MAX_VALUE_LENGTH) {
    throw problem(attribute, `${attribute}: value is longer than ${MAX_VALUE_LENGTH} characters`, 'tooLong', {
      max: MAX_VALUE_LENGTH,
    });
  }
  switch (spec.type) {
    case 'integer':
      if (!INTEGER_RE.test(s))
        throw problem(attribute, `${attribute}: "${s}" is not a whole number`, 'notInteger', { value: s });
      return Number(s);
    case 'uuid':
      if (!UUID_RE.test(s)) throw problem(attribute, `${attribute}: "${s}" is not a valid id`, 'notUuid', { value: s });
      return s.toLowerCase();
    case 'date':
      if (!DATE_RE.test(s) || !isRealDate(s)) {
        throw problem(attribute, `${attribute}: "${s}" is not a date (YYYY-MM-DD)`, 'notDate', { value: s });
      }
      return s;
    case 'timestamp':
      if (!TIMESTAMP_RE.test(s) || !isRealDate(s)) {
        throw problem(attribute, `${attribute}: "${s}" is not a UTC timestamp (YYYY-MM-DDTHH:MM:SSZ)`, 'notTimestamp', {
          value: s,
        });
      }
      return s;
    case 'enum':
      if (!spec.values?.includes(s)) {
        const allowed = spec.values?.join(', ') ?? '';
        throw problem(attribute, `${attribute}: "${s}" is not one of ${allowed}`, 'notOneOf', { value: s, allowed });
      }
      return s;
    case 'string':
      return s;
  }
}

/** Validates a condition against the schema and returns it with canonical values. */
export function checkCondition(condition: Condition, schema: FilterSchema): Condition {
  const { attribute, modifier } = condition;
  const spec = Object.hasOwn(schema, attribute) ? schema[attribute] : undefined;
  if (!spec) {
    const allowed = Object.keys(schema).join(', ');
    throw problem(attribute, `${attribute}: not a filterable attribute (use ${allowed})`, 'notFilterable', { allowed });
  }
  if (!(MODIFIERS as readonly string[]).includes(modifier)) {
    const allowed = MODIFIERS.join(', ');
    throw problem(attribute, `${attribute}: unknown modifier "${modifier}" (use ${allowed})`, 'unknownModifier', {
      modifier,
      allowed,
    });
  }
  if (!MODIFIERS_BY_TYPE[spec.type].includes(modifier)) {
    const allowed = MODIFIERS_BY_TYPE[spec.type].join(', ');
    throw problem(
      attribute,
      `${attribute}: modifier "${modifier}" does not apply to a ${spec.type} (use ${allowed})`,
      'modifierNotForType',
      { modifier, type: spec.type, allowed },
    );
  }
  if (isListModifier(modifier)) {
    const items = Array.isArray(condition.value) ? condition.value : [condition.value];
    if (items.length === 0)
      throw problem(attribute, `${attribute}[${modifier}]: the list is empty`, 'emptyList', { modifier });
    if (items.length > MAX_LIST_ITEMS) {
      throw problem(attribute, `${attribute}[${modifier}]: more than ${MAX_LIST_ITEMS} values`, 'tooManyValues', {
        modifier,
        max: MAX_LIST_ITEMS,
      });
    }
    for (const item of items) {
      if (typeof item === 'string' && item.includes(',')) {
        throw problem(
          attribute,
          `${attribute}[${modifier}]: "${item}" contains a comma, which separates list items`,
          'comma',
          { modifier, value: item },
        );
      }
    }
    return { attribute, modifier, value: items.map((v) => checkScalar(attribute, spec, v)) };
  }
  if (Array.isArray(condition.value)) {
    throw problem(attribute, `${attribute}[${modifier}]: takes one value, not a list`, 'notList', { modifier });
  }
  return { attribute, modifier, value: checkScalar(attribute, spec, condition.value) };
}

/** `key` (as the query string names it: `status`, `date[gte]`) given twice. */
export const duplicate = (attribute: string, key: string) =>
  new FilterError(
    attribute,
    `${key} is given more than once`,
    said('reservations.filters.duplicate', { condition: key }),
  );

/** Query-string pairs for a list of conditions; throws FilterError before anything is sent. */
export function buildFilterParams(conditions: readonly Condition[], schema: FilterSchema): [string, string][] {
  const seen = new Set<string>();
  return conditions.map((c) => {
    const checked = checkCondition(c, schema);
    const key = checked.modifier === 'eq' ? checked.attribute : `${checked.attribute}[${checked.modifier}]`;
    if (seen.has(key)) throw duplicate(c.attribute, key);
    seen.add(key);
    const value = Array.isArray(checked.value) ? checked.value.join(',') : String(checked.value);
    return [key, value];
  });
}

/** Percent-encodes a query component but leaves the brackets and commas of the modifier syntax readable. */
const encodeComponent = (s: string) =>
  encodeURIComponent(s).replace(/%5B/gi, '[').replace(/%5D/gi, ']').replace(/%2C/gi, ',').replace(/%3A/gi, ':');

/** `status[in]=confirmed,pending&date[gte]=2026-01-01` */
export function toQueryString(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
}

export function buildFilterQuery(conditions: readonly Condition[], schema: FilterSchema): string {
  return toQueryString(buildFilterParams(conditions, schema));
}

const KEY_RE = /^([a-z][a-z0-9_]*)(?:\[([a-z]+)\])?$/;

export interface ParsedFilters {
  conditions: Condition[];
  /** one message per unusable parameter, naming it; empty when everything parsed */
  errors: FilterError[];
}

/**
 * Reads conditions back from a query string or URLSearchParams. Keys listed in `passthrough`
 * (page, limit, sort …) are skipped; every other key must be a filter of the schema.
 */
export function parseFilterQuery(
  query: string | URLSearchParams,
  schema: FilterSchema,
  passthrough: readonly string[] = ['page', 'limit', 'sort'],
): ParsedFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query.replace(/^\?/, '')) : query;
  const conditions: Condition[] = [];
  const errors: FilterError[] = [];
  const seen = new Set<string>();
  for (const [key, raw] of params) {
    if (passthrough.includes(key)) continue;
    const m = KEY_RE.exec(key);
    if (!m) {
      errors.push(problem(key, `${key}: not of the form attribute[modifier]`, 'badKey', { key }));
      continue;
    }
    const attribute = m[1]!;
    const modifier = (m[2] ?? 'eq') as Modifier;
    const canonicalKey = `${attribute}[${modifier}]`;
    if (seen.has(canonicalKey)) {
      errors.push(duplicate(attribute, key));
      continue;
    }
    seen.add(canonicalKey);
    try {
      const value = isListModifier(modifier) ? raw.split(',') : raw;
      conditions.push(checkCondition({ attribute, modifier, value }, schema));
    } catch (e) {
      if (e instanceof FilterError) errors.push(e);
      else throw e;
    }
  }
  return { conditions, errors };
}
