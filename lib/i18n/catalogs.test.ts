import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { countStyleOf, PLAIN_COUNTS, writeCount } from '@/lib/format/counts';

import { UI_LOCALES } from './locales';

type Tree = { [key: string]: string | Tree };

const MESSAGES = path.join(process.cwd(), 'messages');

const read = new Map<string, Tree>();

/** A language's catalog, `messages/<locale>.json`: its namespaces at the top. */
function catalog(locale: string): Tree {
  let tree = read.get(locale);
  if (!tree) {
    tree = JSON.parse(readFileSync(path.join(MESSAGES, `${locale}.json`), 'utf8')) as Tree;
    read.set(locale, tree);
  }
  return tree;
}

const namespace = (tree: Tree, ns: string): Tree => {
  const node = tree[ns];
  return typeof node === 'object' ? node : {};
};

/** Every message of a catalog by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of flatten(value, at)) out.set(k, v);
  }
  return out;
}

/**
 * A message read as ICU: its arguments with their kinds ("count:plural", "name:argument", "b:tag"),
 * sorted, and the words it says (its literal text, every branch of its plurals and selects).
 */
function readMessage(message: string): { args: string[]; text: string } {
  const found = new Set<string>();
  const words: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.literal:
          words.push(el.value);
          break;
        case TYPE.argument:
          found.add(`${el.value}:argument`);
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`${el.value}:${TYPE[el.type]}`);
          break;
        case TYPE.plural:
        case TYPE.select:
          found.add(`${el.value}:${TYPE[el.type]}`);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.tag:
          found.add(`${el.value}:tag`);
          walk(el.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return { args: [...found].sort(), text: words.join(' ') };
}

const argumentsOf = (message: string) => readMessage(message).args;

describe('message catalogs', () => {
  const en = catalog('en');
  const others = UI_LOCALES.filter((l) => l !== 'en');

  it('are one file per language the console speaks, and nothing else', () => {
    expect(readdirSync(MESSAGES).sort()).toEqual(UI_LOCALES.map((l) => `${l}.json`).sort());
  });

  it('hold namespaces at their top, each an object of messages', () => {
    for (const [ns, node] of Object.entries(en)) expect(typeof node, `en.${ns}`).toBe('object');
  });

  for (const locale of others) {
    it(`${locale}: the same namespaces as English`, () => {
      expect(Object.keys(catalog(locale))).toEqual(Object.keys(en));
    });
  }

  for (const ns of Object.keys(en)) {
    const english = flatten(namespace(en, ns));
    it(`en/${ns}: every message parses as ICU`, () => {
      for (const [key, message] of english) expect(() => argumentsOf(message), `${ns}.${key}`).not.toThrow();
    });
    // ICU writes a bare `{count}` as its digits ("12345"); `#` and `{count, number}` group them as the
    // language does ("12,345", "12.345"). A count is a count wherever the message says it, except in
    // BARE_WHILE_LOADING.
    it(`en/${ns}: a number is never said bare where the message counts with it`, () => {
      for (const [key, message] of english) {
        const args = argumentsOf(message);
        const counted = args.filter((a) => /:(plural|number)$/.test(a)).map((a) => a.split(':')[0]);
        expect(
          counted.filter((name) => args.includes(`${name}:argument`)),
          `${ns}.${key}`,
        ).toEqual([]);
      }
    });
    for (const locale of others) {
      it(`${locale}/${ns}: the same keys as English, each with English's ICU arguments`, () => {
        const translated = flatten(namespace(catalog(locale), ns));
        expect(
          [...translated.keys()].filter((k) => !english.has(k)),
          'keys English does not have',
        ).toEqual([]);
        expect(
          [...english.keys()].filter((k) => !translated.has(k)),
          'keys missing',
        ).toEqual([]);
        for (const [key, message] of translated) {
          expect(message.trim(), `${locale}/${ns}.${key} is empty`).not.toBe('');
          expect(argumentsOf(message), `${locale}/${ns}.${key}`).toEqual(argumentsOf(english.get(key)!));
        }
      });
    }
  }
});

/**
 * The words of each language for what the API calls an identity, a delegate and an entity
 * (`glossary.json`): the partner, the partners it manages, its brands and channels. `avoid` holds
 * the API's names as they read word for word in that language, which no message may use.
 */
type Glossary = {
  partner: string;
  managedPartners: string;
  managedPartner: string;
  brandsAndChannels: string;
  brandOrChannel: string;
  avoid: string[];
};
const GLOSSARY = JSON.parse(readFileSync(path.join(__dirname, 'glossary.json'), 'utf8')) as Record<string, Glossary>;

/** Each page that names one of the glossary's things, by its message keys. */
const PAGE_NAMES: Record<'partner' | 'managedPartners' | 'brandsAndChannels', string[]> = {
  partner: ['shell.nav.identity', 'identity.title', 'identity.metaTitle'],
  managedPartners: ['shell.nav.delegates', 'delegates.title', 'delegates.metaTitle'],
  brandsAndChannels: ['shell.nav.entities', 'entities.title', 'entities.metaTitle', 'shell.search.entities'],
};

/** The API's own language, which staff should never have to read: verbs, paths, headers, field names. */
const API_WORDS = [
  /\b(GET|POST|PUT|PATCH|DELETE)\b/,
  /\/v2\b/,
  /X-Entity-Id/i,
  /\b[a-z]+_[a-z_]+\b/,
  /\bHTTP\b/,
  /\bUUID\b/i,
  /\btokens?\b/i,
  /\bJSON\b/,
];

/** Column names of exported files: machine names on purpose, for the programs that read them. */
const MACHINE_NAMES = [/^reservations\.export\.columns\./, /^activity\.csv\./];

describe('the glossary', () => {
  it('has every language the console speaks, each naming the three things', () => {
    expect(Object.keys(GLOSSARY).sort()).toEqual([...UI_LOCALES].sort());
    for (const [locale, words] of Object.entries(GLOSSARY)) {
      for (const term of [
        'partner',
        'managedPartners',
        'managedPartner',
        'brandsAndChannels',
        'brandOrChannel',
      ] as const)
        expect(words[term]?.trim(), `${locale}.${term}`).toBeTruthy();
      expect(words.avoid.length, `${locale}.avoid`).toBeGreaterThan(0);
    }
  });

  for (const locale of UI_LOCALES) {
    const words = GLOSSARY[locale]!;
    const messages = flatten(catalog(locale));

    it(`${locale}: pages are named with the glossary's words`, () => {
      for (const [term, keys] of Object.entries(PAGE_NAMES))
        for (const key of keys) expect(messages.get(key), key).toBe(words[term as keyof typeof PAGE_NAMES]);
    });

    it(`${locale}: no message says the API's names or its technical words`, () => {
      const found: string[] = [];
      for (const [key, message] of messages) {
        if (MACHINE_NAMES.some((r) => r.test(key))) continue;
        const text = readMessage(message).text;
        const lower = text.toLowerCase();
        for (const word of words.avoid) if (lower.includes(word.toLowerCase())) found.push(`${key}: "${word}"`);
        for (const pattern of API_WORDS) if (pattern.test(text)) found.push(`${key}: ${pattern}`);
      }
      expect(found).toEqual([]);
    });
  }
});

/**
 * The messages that say counts which can run into thousands (the pages of a list, the rows of an
 * export or a bulk action, covers, the budget), and the arguments that carry them. ICU writes a
 * plain `{total}` as the bare digits ("12345"), so each is `{total, number}` (or a plural's `#`):
 * a German host reads "12.345", a French one "12 345".
 */
const COUNTS: Record<string, string[]> = {
  'ui.pager.status': ['page', 'last', 'total'],
  'reservations.bulk.trigger': ['count'],
  'reservations.bulk.title': ['count'],
  'reservations.bulk.confirm': ['count'],
  'reservations.bulk.allSelected': ['total'],
  'reservations.bulk.allSelectedSome': ['total', 'cancelable'],
  'reservations.bulk.pageSelected': ['count'],
  'reservations.bulk.tooMany': ['total', 'max'],
  'reservations.bulk.reading': ['total'],
  'reservations.bulk.selectAll': ['total'],
  'reservations.export.progress': ['rows', 'total'],
  'reservations.export.done': ['rows'],
  'reservations.export.cancelled': ['rows'],
  'reservations.export.selected': ['count'],
  'ui.bulk.cancel.someDone': ['count', 'total'],
  'ui.bulk.cancel.summary': ['count', 'total'],
  'ui.bulk.cancel.progress': ['done', 'total'],
  'ui.bulk.change.someDone': ['count', 'total'],
  'ui.bulk.change.summary': ['count', 'total'],
  'ui.bulk.change.progress': ['done', 'total'],
  'inbox.what.export_stopped': ['done', 'total'],
  'inbox.what.bulk_ended_part_way': ['done', 'total'],
  'inbox.what.bulk_change_ended_part_way': ['done', 'total'],
  'overview.covers.chartLabel': ['total', 'max'],
  'overview.attention.budgetUsed': ['used', 'limit'],
  'allocations.seatsBooked.figure': ['seats'],
  'allocations.seatsBooked.belowBooked': ['after', 'seats'],
  'allocations.seatsBooked.unknownUse': ['seats'],
  'allocations.problems.managedExceedAllocated': ['managed', 'allocated'],
};

/**
 * The messages a page's browser says as it loads, where it makes no Intl formatter (the first
 * costs 11–22 ms of hydration: e2e/platform/hydration-formatters.spec.ts): each count comes
 * written as the member's locale writes it (components/i18n/counts.tsx), as `{countLabel}` beside
 * the `count` its plural chooses by.
 */
const COUNT_LABELS: Record<string, string[]> = {
  'reservations.results.count': ['count'],
  'reservations.pager.status': ['page', 'pages'],
  'allocations.grid.count': ['shown', 'total'],
  'allocations.row.totalSeats': ['count'],
  'allocations.row.seatsSummary': ['managed', 'external', 'unallocated'],
  'allocations.row.seatsSummaryPlain': ['managed', 'external', 'unallocated'],
  'allocations.row.cellTitle': ['max'],
  'allocations.bar.segment': ['seats'],
  'allocations.bar.lockedSegment': ['seats'],
  'allocations.bar.boundaryValue': ['leftSeats', 'rightSeats'],
  'today.marks.since': ['count'],
};

const COUNT = 12345;

/** A message's value for each of its arguments: the count for the counted ones (and their labels, written in `style`), something it accepts for the others. */
function valuesFor(message: string, counted: string[], style = PLAIN_COUNTS): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.tag) {
        values[el.value] = (chunks: string) => chunks;
        walk(el.children);
      } else if (el.type === TYPE.plural || el.type === TYPE.number) {
        values[el.value] = counted.includes(el.value) ? COUNT : 2;
        if (el.type === TYPE.plural) for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.select) {
        values[el.value] ??= 'other';
        for (const option of Object.values(el.options)) walk(option.value);
      } else if (el.type === TYPE.argument) {
        const labelOf = el.value.replace(/Label$/, '');
        values[el.value] ??= counted.includes(el.value)
          ? COUNT
          : labelOf !== el.value && counted.includes(labelOf)
            ? writeCount(COUNT, style)
            : 'x';
      }
    }
  };
  walk(parse(message));
  return values;
}

describe('counts in the messages', () => {
  for (const locale of UI_LOCALES) {
    it(`${locale}: are written in the language's digits, grouped as it groups them`, () => {
      const messages = catalog(locale);
      const flat = flatten(messages);
      const t = createTranslator({ locale, messages });
      const written = new Intl.NumberFormat(locale).format(COUNT);
      expect(written).not.toBe(String(COUNT));
      for (const [key, counted] of Object.entries(COUNTS)) {
        const message = flat.get(key)!;
        const said = t.markup(key as never, valuesFor(message, counted) as never);
        expect(said, `${locale} ${key}: ${said}`).toContain(written);
        expect(said, `${locale} ${key}: ${said}`).not.toContain(String(COUNT));
      }
    });
    it(`${locale}: counts said as a page loads are written as the language writes them`, () => {
      const messages = catalog(locale);
      const flat = flatten(messages);
      const t = createTranslator({ locale, messages });
      const written = new Intl.NumberFormat(locale).format(COUNT);
      for (const [key, counted] of Object.entries(COUNT_LABELS)) {
        const message = flat.get(key)!;
        const labels = argumentsOf(message).filter((a) => a.endsWith('Label:argument'));
        expect(labels.sort(), `${locale} ${key}`).toEqual(counted.map((c) => `${c}Label:argument`).sort());
        const said = t.markup(key as never, valuesFor(message, counted, countStyleOf(locale)) as never);
        expect(said, `${locale} ${key}: ${said}`).toContain(written);
        expect(said, `${locale} ${key}: ${said}`).not.toContain(String(COUNT));
      }
    });
  }
});
