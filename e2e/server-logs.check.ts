import { readFileSync } from 'node:fs';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { E2E_WORKERS, workerServers } from './env';
import { e2eAuthSecret, leaksIn } from './leaks';
import { expect, test } from './test';

/*
 * Runs after every other e2e test (its project depends on theirs): by now the dashboard has
 * signed staff in, called the API with tokens of every organization, failed on purpose under
 * the sandbox's faults and refused bad input. None of that may have written a secret to a log.
 */

test('the leak scan recognises each kind of secret it looks for', () => {
  const token = `eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXJ0bmVyIn0.${'s'.repeat(40)}`;
  expect(leaksIn(`client_secret=${DEMO_PARTNER.clientSecret}`)).toEqual(['client secret']);
  expect(leaksIn(`Authorization: Bearer ${token}`)).toEqual(['a JWT']);
  expect(leaksIn('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA')).toEqual(['a password hash']);
  expect(leaksIn('signing with abc123', { 'the session secret': 'abc123' })).toEqual(['the session secret']);
  expect(leaksIn('GET /v2/identities/me 200 4 ms')).toEqual([]);
});

for (let worker = 0; worker < E2E_WORKERS; worker++) {
  test(`the server logs of worker ${worker}'s whole run hold no secret, token or password hash`, () => {
    const log = readFileSync(workerServers(worker).log, 'utf8');
    // Both processes wrote to the log, so the scan looked at what they said.
    expect(log).toContain('[sandbox]');
    expect(log).toContain('[dashboard]');
    const secret = e2eAuthSecret(worker);
    const leaks = log
      .split('\n')
      .map((line, i) => ({ line: i + 1, found: leaksIn(line, { 'the session secret': secret }) }))
      .filter((l) => l.found.length > 0);
    expect(leaks).toEqual([]);
  });
}
