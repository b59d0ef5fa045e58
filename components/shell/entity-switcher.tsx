'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';

import { confirmLeave } from '@/components/live/leave-guard';
import { openPage } from '@/components/shell/page-opening';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/input';
import { selectEntityAction } from '@/lib/actions/select-entity';

export interface EntityOption {
  id: string;
  name: string;
  context: 'org-bound' | 'legacy-header';
}

/**
 * Makes `id` the entity the console reads and acts in, and shows the page in it; the refusal's
 * words, else null. The action sets the cookie, so its answer carries the page rendered anew in
 * the new entity (Next re-renders a page whose action set a cookie): no refresh after it. It runs
 * in the opening line's transition, so the line shows until that page has come.
 */
export function selectEntity(id: string): Promise<string | null> {
  return new Promise((resolve, reject) =>
    openPage(async () => {
      try {
        const r = await selectEntityAction({ id });
        resolve(r.ok ? null : r.error);
      } catch (e) {
        reject(e);
      }
    }),
  );
}

/** Picks the entity the console reads and acts in (kept in a cookie by the server action). */
export function EntitySwitcher({ entities, selectedId }: { entities: EntityOption[]; selectedId: string | null }) {
  const t = useTranslations('shell.entity');
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const selected = entities.find((e) => e.id === selectedId);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="entity-switcher" className="shrink-0 text-xs font-medium text-slate-500">
        {t('label')}
      </label>
      <Select
        id="entity-switcher"
        value={selectedId ?? ''}
        disabled={pending}
        onChange={async (e) => {
          const id = e.target.value;
          // Another entity is another page: the staged edits of this one would be lost.
          if (!(await confirmLeave())) return;
          startTransition(async () => setError(await selectEntity(id)));
        }}
        className="min-h-9 min-w-0 flex-1 py-1.5 lg:w-56 lg:flex-none xl:w-72"
      >
        {entities.map((e) => (
          <option key={e.id} value={e.id}>
            {/* only what needs a second look is marked: an entity still on the older connection */}
            {e.context === 'org-bound' ? e.name : t('legacy', { name: e.name })}
          </option>
        ))}
      </Select>
      {selected?.context === 'legacy-header' && (
        <span data-testid="legacy-context">
          <Badge tone="warning" title={t('legacyTitle')}>
            {t('legacyBadge')}
          </Badge>
        </span>
      )}
      <span aria-live="polite" className="text-xs text-rose-700">
        {error}
      </span>
    </div>
  );
}
