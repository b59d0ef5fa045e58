import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';

import { UI_LOCALES } from './locales';

/**
 * The messages that say counts which can run into thousands (a search's matches, the rows of an
 * export or a bulk action, covers, the budget), and the arguments that carry them. ICU writes a
 * plain `{total}` as the bare digits ("12345"), so each is `{total, number}` (or a plural's `#`):
 * a German host reads "12.345", a French one "12 345".
 */
const COUNTS: Record<string, string[]> = {
  'reservations.results.count': ['count'],
  'reservations.pager.status': ['page', 'pages'],
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
  'allocations.grid.count': ['shown', 'total'],
};

const COUNT = 12345;

type Tree = { [key: string]: string | Tree };
const catalog = (locale: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Tree;

/** A message's value for each of its arguments: the count for the counted ones, something it accepts for the others. */
function valuesFor(message: string, counted: string[]): Record<string, unknown> {
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
        values[el.value] ??= counted.includes(el.value) ? COUNT : 'x';
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
      const t = createTranslator({ locale, messages });
      const written = new Intl.NumberFormat(locale).format(COUNT);
      expect(written).not.toBe(String(COUNT));
      for (const [key, counted] of Object.entries(COUNTS)) {
        const message = key.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k]!, messages) as string;
        const said = t.markup(key as never, valuesFor(message, counted) as never);
        expect(said, `${locale} ${key}: ${said}`).toContain(written);
        expect(said, `${locale} ${key}: ${said}`).not.toContain(String(COUNT));
      }
    });
  }
});
