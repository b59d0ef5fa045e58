import type { ReactNode } from 'react';

import { cn } from './cn';

/**
 * A definition list of label → value pairs, two columns on wide screens; `compact` for short
 * figures (counts): two columns on a phone, three on wider screens.
 */
export function FieldList({
  fields,
  compact = false,
}: {
  fields: { label: string; value: ReactNode; testId?: string }[];
  compact?: boolean;
}) {
  return (
    <dl
      className={cn(
        'grid gap-x-8 gap-y-4',
        compact ? 'grid-cols-2 gap-x-4 sm:grid-cols-3' : 'grid-cols-1 sm:grid-cols-2',
      )}
    >
      {fields.map((f) => (
        <div key={f.label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{f.label}</dt>
          <dd className="mt-1 text-sm break-words text-slate-900" data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
