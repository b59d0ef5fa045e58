'use client';

import { useTranslations } from 'next-intl';

import { Tooltip } from '@/components/ui/tooltip';
import type { GridData } from '@/lib/server/allocations';

import { STICKY_COLUMN } from './grid-row';

/**
 * The grid's sticky header row: each entity's heading, with a tooltip naming how the API reads it.
 * On a phone each card names its own lines, so the row is read by screen readers only, and shown (as
 * the entities' headings, wrapped) while the keyboard is in it.
 */
export function GridHeader({
  entities,
  color,
}: {
  entities: GridData['entities'];
  color: (entityId: string) => string;
}) {
  const t = useTranslations('allocations.header');
  return (
    <div role="rowgroup" className="max-sm:sr-only max-sm:focus-within:not-sr-only sm:sticky sm:top-0 sm:z-10">
      <div
        role="row"
        aria-rowindex={1}
        className="flex border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600 max-sm:flex-wrap max-sm:gap-1 max-sm:p-2"
      >
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${STICKY_COLUMN} bg-slate-50 max-sm:sr-only sm:px-3 sm:py-2`}
        >
          {t('commitment')}
        </div>
        <div role="columnheader" aria-colindex={2} className="flex-1 max-sm:sr-only sm:min-w-80 sm:px-4 sm:py-2">
          {t('capacity')}
        </div>
        {entities.map((e, i) => (
          <div
            key={e.id}
            role="columnheader"
            aria-colindex={i + 3}
            className="px-1 py-1.5 text-center sm:w-19 sm:shrink-0"
          >
            <EntityHeading entity={e} dot={color(e.id)} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** An entity's column heading: the whole name, wrapped; its tooltip says which context the API reads it in. */
function EntityHeading({ entity, dot }: { entity: GridData['entities'][number]; dot: string }) {
  const t = useTranslations('allocations.header');
  return (
    <Tooltip content={t('entityContext', { name: entity.name, context: entity.org_id ? 'organization' : 'legacy' })}>
      <button
        type="button"
        data-entity={entity.id}
        className="min-h-6 w-full rounded px-0.5 leading-tight break-words hyphens-auto focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <span aria-hidden="true" className={`mr-1 inline-block h-2 w-2 rounded-full ${dot}`} />
        {entity.name}
      </button>
    </Tooltip>
  );
}
