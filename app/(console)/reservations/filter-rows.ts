/**
 * The filter builder's rows and their conversion to and from API filter conditions: the page's
 * URL, the builder and the API query are three views of the same conditions.
 */
import {
  isListModifier,
  RESERVATION_FILTERS,
  type Condition,
  type FieldSpec,
  type Modifier,
} from '@/lib/guestbook/filters';

export type Attribute = keyof typeof RESERVATION_FILTERS;
const spec = (a: Attribute): FieldSpec => RESERVATION_FILTERS[a];

export interface Row {
  key: number;
  attribute: Attribute;
  modifier: Modifier;
  /** the text, date or datetime-local value of a single-value input (comma-separated for a text list) */
  text: string;
  /** the checked values of an enum list */
  picked: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** datetime-local (the browser's local time) → the API's UTC timestamp YYYY-MM-DDTHH:MM:SSZ. */
export function localToUtc(local: string): string {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
/** The API's UTC timestamp → a datetime-local value in the browser's time. */
export function utcToLocal(utc: string): string {
  const d = new Date(utc);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const newRow = (
  key: number,
  attribute: Attribute = 'status',
  modifier: Modifier = 'eq',
  value: Condition['value'] = '',
): Row => {
  const values = (Array.isArray(value) ? value : [value]).map(String);
  const list = isListModifier(modifier);
  const s = spec(attribute);
  return {
    key,
    attribute,
    modifier,
    text: list
      ? s.type === 'enum'
        ? ''
        : values.join(',')
      : s.type === 'timestamp' && values[0]
        ? utcToLocal(values[0])
        : (values[0] ?? ''),
    picked: list && s.type === 'enum' ? values : [],
  };
};

export function toCondition(row: Row): Condition {
  const s = spec(row.attribute);
  if (isListModifier(row.modifier)) {
    const value =
      s.type === 'enum'
        ? row.picked
        : row.text
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
    return { attribute: row.attribute, modifier: row.modifier, value };
  }
  const text = s.type === 'timestamp' ? localToUtc(row.text) : row.text.trim();
  return { attribute: row.attribute, modifier: row.modifier, value: text };
}
