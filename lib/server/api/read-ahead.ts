/**
 * A read that depends on a value still being read (which entity is selected, which date is today
 * at the venues), started at once with the value last seen instead of after the value arrives.
 * When the value arrives and differs, the read is made again with it; the early read's answer is
 * then dropped. So reads that only rarely depend on their predecessor's answer run together with
 * it, and are never answered from a wrong guess.
 */
export async function readWithGuess<V, T>(
  guess: V | undefined,
  actual: Promise<V>,
  same: (a: V, b: V) => boolean,
  read: (value: V) => Promise<T>,
): Promise<T> {
  if (guess === undefined) return read(await actual);
  const early = read(guess);
  // Whatever happens next, a failure of the early read is not left unhandled.
  early.catch(() => undefined);
  const value = await actual;
  return same(value, guess) ? early : read(value);
}
