'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { focusedByKeyboard, onFirstUse, useLoadedTrigger } from '@/components/ui/lazy';

const loadRun = onFirstUse(() => import('./export-run').then((m) => m.ExportRun));

/**
 * "Export CSV". The export's code (its progress, Cancel, the reading and saving of the CSV) loads
 * when the button is pressed or reached by the keyboard, not with the page; a press starts the
 * export once it has loaded.
 */
export function ExportButton({ query, totalItems }: { query: string; totalItems: number }) {
  const { loaded: Run, load, placeholder, focusLoaded } = useLoadedTrigger(loadRun);
  const [startNow, setStartNow] = useState(false);
  if (Run) return <Run query={query} totalItems={totalItems} startNow={startNow} focusTrigger={focusLoaded} />;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Button
        ref={placeholder}
        variant="secondary"
        size="sm"
        disabled={totalItems === 0}
        onFocus={(e) => focusedByKeyboard(e) && void load()}
        onClick={() => void load().then(() => setStartNow(true))}
      >
        Export CSV
      </Button>
    </div>
  );
}
