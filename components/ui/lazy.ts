'use client';

import { useCallback, useState } from 'react';

/**
 * A module loaded once, on first use. Menus, dialogs and toasts load their library when the user
 * first reaches for them (a click, a key, a hover), so pages do not ship it with their first load.
 */
export function onFirstUse<T>(loader: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= loader());
}

/** The loaded value of `load` (null until then) and a function that starts loading it. */
export function useLoaded<T>(load: () => Promise<T>): [T | null, () => Promise<T>] {
  const [value, setValue] = useState<T | null>(null);
  const start = useCallback(
    () =>
      load().then((v) => {
        setValue(() => v);
        return v;
      }),
    [load],
  );
  return [value, start];
}
