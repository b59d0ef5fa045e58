/**
 * Mentions in the team's note on a guest: `@` and a teammate's first name (or their whole name
 * written without spaces, or their e-mail's name before the @) tells that teammate in their inbox.
 * Framework-free and pure: the change feed reads the new mentions of a saved note, the raiser
 * finds whom they name.
 */

/** An `@` at the start or after a space or an opening mark, and the name after it (letters, digits, `.`, `_`, `-`). */
const MENTION = /(?:^|[\s([{"“‘«])@([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu;

const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase('en');

/** The names a text mentions, folded to lower case, each once, without a trailing dot or dash. */
export function mentionsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MENTION)) out.add(fold(m[1]!.replace(/[._-]+$/, '')));
  return [...out];
}

/** The mentions of `after` that `before` did not hold already (a note saved again tells nobody twice). */
export function newMentions(before: string, after: string): string[] {
  const had = new Set(mentionsIn(before));
  return mentionsIn(after).filter((m) => !had.has(m));
}

/** Whether a mention names a member: their first name, their name without spaces, or their e-mail's name. */
export function mentionNames(mention: string, member: { name: string; email: string }): boolean {
  const name = fold(member.name).trim();
  const first = name.split(/\s+/)[0] ?? '';
  return (
    mention === first || mention === name.replace(/\s+/g, '') || mention === fold(member.email.split('@')[0] ?? '')
  );
}
