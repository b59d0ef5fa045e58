'use client';

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Printing shows every row: a long day renders all of them while the page prints. */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const print = window.matchMedia('print');
    const set = (on: boolean) => flushSync(() => setPrinting(on));
    const onChange = () => set(print.matches);
    const before = () => set(true);
    const after = () => set(print.matches);
    print.addEventListener('change', onChange);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      print.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
