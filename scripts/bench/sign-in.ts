/**
 * How long a refused sign-in takes to answer, for an unknown e-mail, a wrong password and an
 * e-mail paused by its limit: the three must cost the same (argon2 every time), so that timing
 * says nothing about whether an account exists. Each sample comes from a loopback address of its
 * own, so no address limit is in the way. Compare the ratios, not the absolutes.
 */
import { csrfFor, httpSignIn } from '../../e2e/http-sign-in';
import { ACCOUNT_LIMIT } from '../../lib/server/auth/login-limiter';
import { ratio } from '../stats';

export interface SignInTiming {
  samples: number;
  unknown_email_ms: { median: number; p95: number };
  wrong_password_ms: { median: number; p95: number };
  paused_email_ms: { median: number; p95: number };
  /** paused / unknown and wrong / unknown, median against median */
  ratio_paused_to_unknown: number;
  ratio_wrong_to_unknown: number;
}

export async function signInTiming(
  base: string,
  existingEmail: string,
  spread: (xs: number[]) => { median: number; p95: number },
  samples = 40,
): Promise<SignInTiming> {
  const timed = async (address: string, email: string) => {
    const csrf = await csrfFor(address, base);
    const started = performance.now();
    const answer = await httpSignIn(email, 'not the password at all', { csrf, base, localAddress: address });
    if (answer.error !== 'invalid') throw new Error(`expected the answer "invalid", got ${answer.error}`);
    return performance.now() - started;
  };
  const unknown: number[] = [];
  const wrong: number[] = [];
  const paused: number[] = [];
  const kinds = ['unknown', 'wrong', 'paused'] as const;
  for (let i = 0; i < samples; i++) {
    // The three interleaved in a changing order, so that the machine's noise falls on them alike.
    for (const kind of [...kinds].sort(() => Math.random() - 0.5)) {
      if (kind === 'unknown') unknown.push(await timed(`127.0.1.${i + 1}`, `nobody.${i}@example.test`));
      if (kind === 'wrong') wrong.push(await timed(`127.0.2.${i + 1}`, existingEmail));
      if (kind === 'paused') {
        const address = `127.0.3.${i + 1}`;
        for (let k = 0; k < ACCOUNT_LIMIT.max; k++) await timed(address, existingEmail);
        paused.push(await timed(address, existingEmail));
      }
    }
  }
  const u = spread(unknown);
  const w = spread(wrong);
  const p = spread(paused);
  return {
    samples,
    unknown_email_ms: u,
    wrong_password_ms: w,
    paused_email_ms: p,
    ratio_paused_to_unknown: ratio(p.median, u.median),
    ratio_wrong_to_unknown: ratio(w.median, u.median),
  };
}
