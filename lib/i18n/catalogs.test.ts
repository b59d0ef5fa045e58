import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

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

/** A message's ICU arguments with their kinds ("count:plural", "name:argument", "b:tag"), sorted. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      switch (el.type) {
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
  return [...found].sort();
}

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
