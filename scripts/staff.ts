/**
 * Staff accounts from the command line, for the first admin of a real deployment:
 *
 *   npm run staff -- add --email ana@example.com --name "Ana Ops" --role admin [--password-stdin | --sso-only]
 *   npm run staff -- list
 *   npm run staff -- remove --email ana@example.com
 *   npm run staff -- reset-two-step --email ana@example.com
 *   npm run staff -- rekey
 *
 * Without --password-stdin a random one-time password is generated and printed once: it must be
 * replaced at the first sign-in. With it, the password is read from standard input (asked for,
 * unechoed, at a terminal), never from the command line, where the process list would show it;
 * a common or easily guessed one is refused. With --sso-only the member signs in through company
 * sign-in (OIDC) only, and has no password at all. Each change is in the activity log (as "staff command line"). The
 * last active admin cannot be removed. With the embedded database, stop the dashboard first (one
 * process at a time).
 *
 * `add` (but for --sso-only) and `reset-two-step` print a one-time enrolment code, shown once:
 * the member's first second factor is set up only with it (lib/server/auth/enrolment-code.ts).
 * `reset-two-step` removes the member's second factor (a lost phone, the last admin's too) and
 * ends every session and known device of the account.
 *
 * `rekey`, after AUTH_SECRET was rotated (the old one given as AUTH_SECRET_PREVIOUS): every
 * second factor still encrypted with the old secret is encrypted with the new one, so that
 * AUTH_SECRET_PREVIOUS can then be removed (docs/operations.md, "Rotating AUTH_SECRET").
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

import { staffCommand } from './staff-command';

/** The password on standard input: typed at a terminal without echo, or piped (one trailing newline dropped). */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  process.stderr.write('Password (not shown): ');
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stderr.write('\n');
  return answer;
}

staffCommand(process.argv.slice(2), {
  env: process.env,
  readPassword,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then((code) => process.exit(code));
