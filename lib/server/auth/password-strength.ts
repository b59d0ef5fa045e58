import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

import { inEnglish } from '@/lib/i18n/translator';

/**
 * How easily a staff password is guessed (ASVS 2.1.7), by zxcvbn-ts with its common-password list
 * (49,000 passwords from breach corpora, with their variants: `Password1234!` is `password1234`)
 * and keyboard patterns, the member's e-mail and name counted as known words. Server-side only:
 * the list stays out of the browser's bundles, and the forms show the server's answer.
 */

/** zxcvbn's score 3: more than 10^8 guesses, enough against a slow hash (argon2id) taken offline. */
const MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
const checker = () => (factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

const lettersAndDigits = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** What can make a password easy to guess (`errors.weakPassword` words each). */
export type PasswordWeakness = 'ownName' | 'repeats' | 'sequence' | 'common';

/** What is wrong with `password`; null when it is hard enough to guess. */
export function passwordWeakness(password: string, known: readonly string[] = []): PasswordWeakness | null {
  // The e-mail's parts count on their own: `ana.ops@…` gives ana, ops and the whole address.
  const userInputs = known
    .flatMap((k) => [k, ...k.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((w) => w.length >= 3);
  // Their e-mail's name or their own name, whole, however written: `Ana.Ops-2026` for ana.ops@….
  const own = known.map((k) => lettersAndDigits(k.split('@')[0]!)).filter((w) => w.length >= 4);
  if (own.some((w) => lettersAndDigits(password).includes(w))) return 'ownName';
  const result = checker().check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  switch (result.feedback.warning) {
    case 'userInputs':
      return 'ownName';
    case 'simpleRepeat':
    case 'extendedRepeat':
      return 'repeats';
    case 'sequences':
    case 'straightRow':
    case 'keyPattern':
      return 'sequence';
    default:
      return 'common';
  }
}

/** A weak password given for an account: the message (in English, for logs and the command line) names what is wrong. */
export class WeakPasswordError extends Error {
  constructor(readonly reason: PasswordWeakness) {
    super(inEnglish('errors.weakPassword.field', { reason }));
    this.name = 'WeakPasswordError';
  }
}

export function assertStrongPassword(password: string, known: readonly string[]): void {
  const reason = passwordWeakness(password, known);
  if (reason) throw new WeakPasswordError(reason);
}
