import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms` (typing paused): what a look-up as one types asks for. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
