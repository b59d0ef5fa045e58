import type { MessageKeys, NestedKeyOf } from 'next-intl';

import type { Messages } from '@/lib/i18n/messages';

/** A key of the whole catalog, namespace first: `errors.team.notFound`, `validation.enterName`. */
export type CatalogKey = MessageKeys<Messages, NestedKeyOf<Messages>>;
/** A key of the `validation` namespace: the messages zod schemas give, shown in forms. */
export type ValidationKey = MessageKeys<Messages['validation'], NestedKeyOf<Messages['validation']>>;
/** The values of a message as a translator takes them: words of the data (a name, an id), numbers, dates. */
export type SaidValues = Record<string, string | number | Date>;

/** A value of a Said: the data's own words, a number or a date, or something said in its turn. */
export type SaidValue = string | number | Date | Said | SaidList;

/** Values said one after another, with the catalog's separator between them ("Mon, Wed, Fri"; "a; b"). */
export interface SaidList {
  items: readonly SaidValue[];
  separator: CatalogKey;
}

/**
 * What `lib/` tells a person, before it is put in their language: the message's key in the
 * catalogs and its values, which may be said in their turn (the rule a refused change broke,
 * the problems of a search). Code below the page (actions, schemas, domain rules, the API
 * client's errors) says what it means with one; the server action's boundary or the component
 * that shows it writes it in the reader's language (`translateSaid`). Plain data: it crosses
 * from the server to the browser as it is.
 */
export interface Said {
  key: CatalogKey;
  values?: Readonly<Record<string, SaidValue>>;
}

export const said = (key: CatalogKey, values?: Record<string, SaidValue>): Said => (values ? { key, values } : { key });

export const saidList = (items: readonly SaidValue[], separator: CatalogKey): SaidList => ({ items, separator });

/** The smallest translator `translateSaid` needs: next-intl's `t` of the whole catalog, or a test's. */
export type Translate = (key: CatalogKey, values?: SaidValues) => string;

const isList = (v: SaidValue): v is SaidList => typeof v === 'object' && 'items' in v;
const isSaid = (v: SaidValue): v is Said => typeof v === 'object' && 'key' in v;

function valueText(t: Translate, v: SaidValue): string | number | Date {
  if (isList(v)) return v.items.map((item) => valueText(t, item)).join(t(v.separator));
  if (isSaid(v)) return translateSaid(t, v);
  return v;
}

/** A Said (or a list of them) in the words of `t`, the values said inside it first. */
export function translateSaid(t: Translate, s: Said | SaidList): string {
  if (isList(s)) return String(valueText(t, s));
  if (!s.values) return t(s.key);
  const values: SaidValues = {};
  for (const [name, v] of Object.entries(s.values)) values[name] = valueText(t, v);
  return t(s.key, values);
}

/** The same Said with every Said inside it (at any depth) passed through `f` first. */
export function mapSaid(s: Said, f: (inner: Said) => SaidValue): Said {
  if (!s.values) return s;
  const walk = (v: SaidValue): SaidValue => {
    if (isList(v)) return { ...v, items: v.items.map(walk) };
    if (isSaid(v)) {
      const replaced = f(v);
      return typeof replaced === 'object' && isSaid(replaced) ? mapSaid(replaced, f) : replaced;
    }
    return v;
  };
  return { key: s.key, values: Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, walk(v)])) };
}

/**
 * A zod schema's message: a key of the `validation` namespace and at most one number (a length,
 * a count), as `key` or `key:120`. Schemas are shared by the browser's forms and the server's
 * actions, and zod keeps a message as a string: each side writes it in its reader's language
 * (`validationSaid`).
 */
export const validationMessage = (key: ValidationKey, n?: number): string => (n === undefined ? key : `${key}:${n}`);

const VALIDATION_MESSAGE = /^([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*)(?::(-?\d+))?$/;

/**
 * The Said of a schema's message written with `validationMessage`, or null for any other text (zod's own
 * message for a type it checks, a message already in a language).
 */
export function validationSaid(message: string, has: (key: CatalogKey) => boolean): Said | null {
  const m = VALIDATION_MESSAGE.exec(message);
  if (!m) return null;
  const key = `validation.${m[1]}` as CatalogKey;
  if (!has(key)) return null;
  return m[2] === undefined ? { key } : { key, values: { n: Number(m[2]) } };
}

/** A schema's message (`validationMessage()`) in the reader's language, by their translator; any other text as it is. */
export function readValidationMessage(
  message: string,
  t: { (key: CatalogKey, values?: SaidValues): string; has(key: CatalogKey): boolean },
): string {
  const s = validationSaid(message, (key) => t.has(key));
  return s ? translateSaid(t, s) : message;
}

/** A Said as JSON keeps it (a database column): a date becomes `{ "date": ISO }`, so it is read back as one. */
export function storableSaid(s: Said): unknown {
  const walk = (v: SaidValue): unknown => {
    if (v instanceof Date) return { date: v.toISOString() };
    if (isList(v)) return { items: v.items.map(walk), separator: v.separator };
    if (isSaid(v)) return storableSaid(v);
    return v;
  };
  return s.values
    ? { key: s.key, values: Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, walk(v)])) }
    : { key: s.key };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A Said read back from its stored form (storableSaid), or null when it is not one: the reader
 * then shows the message recorded beside it. `has` tells the keys the catalog still holds.
 */
export function storedSaid(stored: unknown, has: (key: CatalogKey) => boolean): Said | null {
  const value = (v: unknown): SaidValue | null => {
    if (typeof v === 'string' || typeof v === 'number') return v;
    if (!isRecord(v)) return null;
    if (typeof v.date === 'string' && Object.keys(v).length === 1) {
      const d = new Date(v.date);
      return Number.isNaN(d.getTime()) ? null : d;
    }
    if (Array.isArray(v.items) && typeof v.separator === 'string') {
      const items = v.items.map(value);
      return items.every((i) => i !== null) && has(v.separator as CatalogKey)
        ? { items: items as SaidValue[], separator: v.separator as CatalogKey }
        : null;
    }
    return saidOf(v);
  };
  const saidOf = (v: unknown): Said | null => {
    if (!isRecord(v) || typeof v.key !== 'string' || !has(v.key as CatalogKey)) return null;
    if (v.values === undefined) return { key: v.key as CatalogKey };
    if (!isRecord(v.values)) return null;
    const values: Record<string, SaidValue> = {};
    for (const [k, raw] of Object.entries(v.values)) {
      const read = value(raw);
      if (read === null) return null;
      values[k] = read;
    }
    return { key: v.key as CatalogKey, values };
  };
  return saidOf(stored);
}
