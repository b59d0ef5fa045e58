import 'server-only';

import type { getTranslations } from 'next-intl/server';

import {
  DETAIL_ONLY,
  fieldMeaning,
  NOTIFICATION_DEFAULTS,
  PROGRAM_ACCESS,
  PROGRAM_FIELD,
  readableSide,
  SEATS_FIELD,
  type FieldMeaning,
} from '@/lib/activity/fields';
import { changedFields } from '@/lib/activity/filters';
import { localeName } from '@/lib/guestbook/locales';
import { isKnownStatus, type ReservationStatus } from '@/lib/guestbook/reservation-statuses';
import type { getFormatter } from '@/lib/server/http';

type T = Awaited<ReturnType<typeof getTranslations<'activity'>>>;
/** Every catalog, for the words of other pages a change names (roles, channels). */
type Words = Awaited<ReturnType<typeof getTranslations>>;
type Formatter = Awaited<ReturnType<typeof getFormatter>>;

/** One changed field as the table shows it: named, its values in words. */
export interface ShownChange {
  field: string;
  label: string;
  /** the record the field is about besides the row's own (a commitment's seats), folded beside its label */
  ref?: string;
  /** the value in words; `—` when not recorded on this side; null when recorded as nothing */
  before: string | null;
  after: string | null;
  /** the values are Guest Book's own words, quoted as it sent them */
  quoted?: true;
  /** the values are web addresses, shown as links named in words */
  address?: true;
}

export interface ChangeContext {
  t: T;
  words: Words;
  /** the console's language, for the guests' languages' names */
  locale: string;
  format: Formatter;
  statusWords: (status: ReservationStatus) => string;
  entityNames: Map<string, string>;
  /** the programs' names, by id */
  programNames: Map<string, string>;
  /** a recorded reservation search in the reader's words; null when it does not parse */
  searchWords: (query: string) => string | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A catalog's words for `key`, or null when the catalog has none (a value of a later build). */
function known(words: Words, key: string): string | null {
  return words.has(key as never) ? words(key as never) : null;
}

/** A list recorded as JSON: its words, or null when it is not a list of words. */
function listWords(v: string): string | null {
  try {
    const list: unknown = JSON.parse(v);
    return Array.isArray(list) && list.every((x) => typeof x === 'string') ? list.join(', ') : null;
  } catch {
    return null;
  }
}

/** A value by what its field holds (a role, a channel, a yes or no…), then by its form. */
function valueWords(meaning: FieldMeaning | null, name: string, v: string, c: ChangeContext): string {
  const { t, words } = c;
  switch (meaning?.value) {
    case 'yes-no':
      return v === 'true' ? t('value.yes') : v === 'false' ? t('value.no') : v;
    case 'on-off':
      return v === 'true' ? t('value.on') : v === 'false' ? t('value.off') : v;
    case 'access':
      return v === 'true' ? t('value.noAccess') : v === 'false' ? t('value.canSignIn') : v;
    case 'role':
      return known(words, `team.roleLabel.${v}`) ?? v;
    case 'policy':
      return known(words, `team.twoStep.policy.${v}`) ?? v;
    case 'locale':
      return localeName(v, c.locale);
    case 'channel':
      return known(words, `notificationPreferences.channel.${v}`) ?? v;
    case 'action':
      return known(words, `activity.actions.${v}`) ?? v;
    case 'result':
      return known(words, `activity.result.${v}`) ?? v;
    case 'activity-kind':
      return known(words, `activity.kinds.${v}`) ?? v;
    case 'list':
      return listWords(v) ?? v;
    case 'code': {
      const key = meaning.codes?.[v];
      return key ? t(`value.${key}`) : v;
    }
  }
  // a saved view's or an export's search, recorded as its address
  if (name === 'query') return c.searchWords(v) ?? v;
  if (name === 'status' && isKnownStatus(v)) return c.statusWords(v);
  if (ISO_DAY.test(v)) return c.format.day(v);
  if (ISO_MOMENT.test(v) && !Number.isNaN(Date.parse(v))) return c.format.moment(v);
  return c.entityNames.get(v) ?? v;
}

/** A team default's field: a notification kind (`reservation.watched`), its value a channel. */
const NOTIFICATION_KIND: FieldMeaning = { label: '', value: 'channel' };

/**
 * What a field means and its name in words: the action's own meaning of it, a notification kind
 * (named by the kinds' catalog), a brand's seats; a field of no known meaning by its recorded name.
 */
function fieldWords(
  action: string,
  name: string,
  c: ChangeContext,
): { meaning: FieldMeaning | null; label: string; ref?: string } {
  const { t, words } = c;
  const seats = SEATS_FIELD.exec(name);
  if (seats)
    return {
      meaning: null,
      label: t('field.seatsOf', { name: c.entityNames.get(seats[1]!) ?? t('unknownEntity') }),
      ref: seats[2],
    };
  const program = PROGRAM_FIELD.exec(name);
  if (program)
    return {
      meaning: PROGRAM_ACCESS,
      label: t('field.programOf', { name: c.programNames.get(program[1]!) ?? t('unknownProgram') }),
      ref: program[1],
    };
  if (action === NOTIFICATION_DEFAULTS && name.includes('.')) {
    const kind = known(words, `notificationPreferences.kind.${name.slice(name.indexOf('.') + 1)}.label`);
    return { meaning: NOTIFICATION_KIND, label: kind ?? name };
  }
  const meaning = fieldMeaning(action, name);
  return { meaning, label: meaning ? t(`field.${meaning.label}` as 'field.name') : name };
}

/**
 * A row's change as the fields that differ, each named and its values in the reader's words: what
 * a member reads instead of two JSON documents (kept under "Recorded" for whoever needs them).
 */
export function changeWords(action: string, before: unknown, after: unknown, c: ChangeContext): ShownChange[] {
  const hidden = DETAIL_ONLY[action] ?? [];
  return changedFields(readableSide(action, before), readableSide(action, after))
    .filter((f) => f.field !== 'id' && !hidden.includes(f.field))
    .map((f) => {
      const { meaning, label, ref } = fieldWords(action, f.field, c);
      // A field whose absence means something (a program taken off) says so on that side.
      const absent = meaning?.absent ? c.t(`value.${meaning.absent}`) : '—';
      // A null the field gives a meaning (an image not measured yet) says it; others read "none".
      const none = meaning?.none ? c.t(`value.${meaning.none}`) : null;
      const shown = (v: string | null) => (v === '—' ? absent : v === null ? none : valueWords(meaning, f.field, v, c));
      return {
        field: f.field,
        label,
        ...(ref && { ref }),
        before: shown(f.before),
        after: shown(f.after),
        ...(meaning?.quoted && { quoted: true as const }),
        ...(meaning?.value === 'address' && { address: true as const }),
      };
    });
}
