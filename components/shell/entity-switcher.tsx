'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { selectEntity } from '@/app/actions/select-entity';

export interface EntityOption {
  id: string;
  name: string;
  context: 'org-bound' | 'legacy-header';
}

export function EntitySwitcher({ entities, selectedId }: { entities: EntityOption[]; selectedId: string | null }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const selected = entities.find((e) => e.id === selectedId);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="entity-switcher" className="text-xs font-medium text-slate-500">
        Entity
      </label>
      <select
        id="entity-switcher"
        value={selectedId ?? ''}
        disabled={pending}
        onChange={(e) =>
          startTransition(async () => {
            const r = await selectEntity({ id: e.target.value });
            setError(r.ok ? null : r.error);
            router.refresh();
          })
        }
        className="max-w-48 rounded-md border-0 py-1 pl-2 pr-7 text-sm ring-1 ring-inset ring-slate-300 xl:max-w-64"
      >
        {entities.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} {e.context === 'org-bound' ? '· org-bound token' : '· legacy X-Entity-Id'}
          </option>
        ))}
      </select>
      {selected?.context === 'legacy-header' && (
        <span
          data-testid="legacy-context"
          title="This entity has no org_id yet: requests use the default token and the deprecated X-Entity-Id header."
          className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-200"
        >
          legacy context
        </span>
      )}
      <span aria-live="polite" className="text-xs text-rose-700">
        {error}
      </span>
    </div>
  );
}
