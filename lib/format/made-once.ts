/**
 * Intl formatters (and what is read from one, such as a locale's way of writing counts) made once
 * for the whole process or page, by a key naming their locale and use: making one costs far more
 * than using it, and a server would otherwise make them again for every request (the overview
 * reads a zone's wall clock once per reservation it counts). Locales and zones are few (the
 * catalogs' languages, members' settings, the venues' zones); the map starts over if they ever
 * are not.
 */
const made = new Map<string, object>();
const MAX_FORMATS = 2_000;

export function madeOnce<T extends object>(key: string, make: () => T): T {
  let f = made.get(key) as T | undefined;
  if (!f) {
    f = make();
    if (made.size >= MAX_FORMATS) made.clear();
    made.set(key, f);
  }
  return f;
}
