'use client';

import { useState, useTransition } from 'react';

import { selectEntity } from '@/components/shell/entity-switcher';
import { Button } from '@/components/ui/button';

/** Switches to the brand or channel that holds the reservation: its answer is this page in it. */
export function ElsewhereSwitch({ entityId, label }: { entityId: string; label: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Button
        type="button"
        disabled={pending}
        data-testid="switch-to-holder"
        onClick={() => startTransition(async () => setError(await selectEntity(entityId)))}
      >
        {label}
      </Button>
      <span aria-live="polite" className="text-sm text-rose-700">
        {error}
      </span>
    </div>
  );
}
