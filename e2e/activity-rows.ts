import type { Locator } from '@playwright/test';

import en from '../messages/en.json' with { type: 'json' };

/**
 * The attempts the Activity page's rows stand for: a row is one, or the number it shows when
 * refused sign-ins from one address were folded into it (its `data-repeats`).
 */
export function attemptsOf(rows: Locator): Promise<number> {
  return rows.evaluateAll((els) =>
    els.reduce((n, el) => n + Number(el.querySelector('[data-repeats]')?.getAttribute('data-repeats') ?? 1), 0),
  );
}

const signIn = en.activity.signIn;

/**
 * A sign-in row's words as the Activity page writes them in English: the refusal (null: signed
 * in), the method and the address it came from (the start of one will do).
 */
export function signInWords(
  refused: Exclude<keyof typeof signIn.reason, 'second_factor_invalid'> | null,
  method: keyof typeof signIn.method,
  address: string,
): string {
  const template = refused ? signIn.refused.replace('{reason}', signIn.reason[refused]) : signIn.ok;
  return template.replace('{method}', signIn.method[method]).replace('{address}', address);
}
